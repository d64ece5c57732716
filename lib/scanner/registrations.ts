import type { ServerInfo } from "../mcp/types";

/**
 * Two registrations of one server: the same URL origin and the same name
 * given at the initialize handshake — the same server added over Streamable
 * HTTP and over SSE, or twice. Their tools are the same tools, not a
 * collision. A server not yet discovered (no name) is never taken for another.
 */

export interface Registration {
  url: string;
  serverInfo: ServerInfo | null;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function sameServer(a: Registration, b: Registration): boolean {
  if (!a.serverInfo?.name || a.serverInfo.name !== b.serverInfo?.name) return false;
  const origin = originOf(a.url);
  return origin !== null && origin !== "null" && origin === originOf(b.url);
}
