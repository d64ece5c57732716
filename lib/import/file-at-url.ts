import "server-only";
import { badRequest } from "../http/errors";
import { guardedFetch } from "../net/guarded-fetch";
import { findOutboundError } from "../net/errors";
import { MAX_IMPORT_BYTES } from "../servers/mcp-config";

const TIMEOUT_MS = 10_000;

/**
 * The text of a configuration file given by its URL (a server.json published beside a server, a
 * raw file on a code host), read through the guarded outbound fetch: the same address policy as
 * every outbound request, the import's size limit, no redirect to a refused address.
 */
export async function fileAtUrl(url: string): Promise<string> {
  const refuse = (why: string) => badRequest(`The file at ${url} could not be read: ${why}.`, [{ path: "url", message: `It could not be read: ${why}.` }]);
  let res: Response;
  try {
    res = await guardedFetch(url, { headers: { accept: "application/json, text/plain;q=0.9" } }, { timeoutMs: TIMEOUT_MS, maxResponseBytes: MAX_IMPORT_BYTES });
  } catch (err) {
    const outbound = findOutboundError(err);
    if (!outbound) throw err;
    throw refuse(outbound.message.replace(/\.$/, ""));
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    throw refuse(`it answered HTTP ${res.status}`);
  }
  try {
    return await res.text();
  } catch (err) {
    const outbound = findOutboundError(err);
    if (!outbound) throw err;
    throw refuse(outbound.kind === "too_large" ? "it is larger than 256 KB" : outbound.message.replace(/\.$/, ""));
  }
}
