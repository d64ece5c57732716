import "server-only";
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";
import { guardedFetch } from "../net/guarded-fetch";

/**
 * The one fetch of the OAuth flow with a server's authorization server
 * (metadata, registration, token, revocation): the guarded outbound fetch,
 * its address policy and size limit, and no redirect followed (the specs
 * ask for none on these requests).
 */

const TIMEOUT_MS = 10_000;
const MAX_BYTES = 256 * 1024;

export const oauthFetch: FetchLike = (url, init) =>
  guardedFetch(url, { ...init, redirect: "error" }, { timeoutMs: TIMEOUT_MS, maxResponseBytes: MAX_BYTES });
