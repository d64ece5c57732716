import "server-only";
import { OAuthClientMetadataSchema, type OAuthClientInformationFull } from "@modelcontextprotocol/sdk/shared/auth.js";
import { InvalidClientError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import { env } from "../env";
import { guardedFetch } from "../net/guarded-fetch";
import { findOutboundError } from "../net/errors";
import { redirectUrisProblem } from "./redirect-uris";

/**
 * A client that names itself by the https URL of its metadata (a Client ID
 * Metadata Document, as the MCP authorization spec describes): the document
 * is fetched through the guarded outbound fetch (its address policy: no
 * private address in production), no redirect followed, small and quick,
 * must name itself by the same URL, and may list only the redirect URIs a
 * registered client may (lib/oauth-server/redirect-uris.ts).
 */

const TIMEOUT_MS = 5_000;
const MAX_BYTES = 16 * 1024;

/** Whether `clientId` is a URL this server reads as a metadata document: https, or http on loopback in local mode (for tests and local clients). */
export function isMetadataDocumentId(clientId: string): boolean {
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return false;
  }
  if (url.hash || url.username || url.password) return false;
  if (url.protocol === "https:") return url.pathname !== "/";
  const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  return url.protocol === "http:" && loopback && env().localMode;
}

export async function fetchClientMetadataDocument(clientId: string): Promise<OAuthClientInformationFull> {
  let body: unknown;
  try {
    const res = await guardedFetch(clientId, { headers: { accept: "application/json" }, redirect: "error" }, { timeoutMs: TIMEOUT_MS, maxResponseBytes: MAX_BYTES });
    if (!res.ok) throw new InvalidClientError(`The client's metadata document at ${clientId} answered HTTP ${res.status}.`);
    body = await res.json();
  } catch (err) {
    if (err instanceof InvalidClientError) throw err;
    const outbound = findOutboundError(err);
    throw new InvalidClientError(`The client's metadata document at ${clientId} could not be read: ${outbound ? outbound.message.replace(/\.$/, "") : "it is not JSON"}.`);
  }
  const parsed = OAuthClientMetadataSchema.safeParse(body);
  if (!parsed.success) throw new InvalidClientError(`The client's metadata document at ${clientId} is not valid client metadata.`);
  const named = (body as { client_id?: unknown }).client_id;
  if (named !== clientId) throw new InvalidClientError(`The client's metadata document at ${clientId} names another client_id.`);
  // The same redirect URIs as a registered client may have: a document is no way around that rule.
  const problem = redirectUrisProblem(parsed.data.redirect_uris);
  if (problem) throw new InvalidClientError(`The client's metadata document at ${clientId} is refused: ${problem}`);
  // A document is public: nothing in it can be a shared secret, so the client authenticates with PKCE alone.
  return { ...parsed.data, client_id: clientId, token_endpoint_auth_method: "none" };
}
