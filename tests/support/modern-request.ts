/** The revision of MCP without sessions. */
export const MODERN_REVISION = "2026-07-28";

/**
 * A bare request of the 2026-07-28 revision, as any HTTP client can send
 * it: the envelope (revision, client, its capabilities) in `_meta`, and the
 * standard headers. For what an SDK's client would hide: the raw answer.
 */
export function postModern(url: string, token: string | null, method: string, params: Record<string, unknown> = {}, capabilities: Record<string, unknown> = {}): Promise<Response> {
  return fetch(url, modernRequest(token, method, params, capabilities));
}

/** What `postModern` sends, for a caller that adds to it (a signal). */
export function modernRequest(token: string | null, method: string, params: Record<string, unknown> = {}, capabilities: Record<string, unknown> = {}): RequestInit {
  const name = typeof params.name === "string" ? params.name : typeof params.uri === "string" ? params.uri : undefined;
  return {
    method: "POST",
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": MODERN_REVISION,
      "mcp-method": method,
      ...(name ? { "mcp-name": name } : {}),
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method,
      params: {
        ...params,
        _meta: {
          ...(params._meta as object),
          "io.modelcontextprotocol/protocolVersion": MODERN_REVISION,
          "io.modelcontextprotocol/clientInfo": { name: "raw-modern", version: "1.0.0" },
          "io.modelcontextprotocol/clientCapabilities": capabilities,
        },
      },
    }),
  };
}
