import type { Client, ClientOptions, PriorDiscovery } from "@modelcontextprotocol/client";

import { PROTOCOL_AUTO } from "../mcp/protocol-revisions";
import type { ProtocolPrior } from "../mcp/types";

/**
 * Which MCP revision a connection speaks. A server's `protocol` is "auto"
 * (probe with `server/discover`: the 2026-07-28 revision where the server
 * speaks it, 2025 otherwise) or a pinned revision, for servers that
 * misbehave when probed. The verdict of the last negotiation (`prior`) is
 * handed back to the next connection, so that a known server is not probed
 * again; it is cleared when a call fails for a protocol reason.
 */

/** The first revision without sessions or `initialize` (2026-07-28 and later): the SDK's "modern era". */
export function isModernRevision(revision: string): boolean {
  return revision >= "2026-";
}

export interface Negotiation {
  options: Pick<ClientOptions, "versionNegotiation" | "supportedProtocolVersions">;
  prior?: PriorDiscovery;
}

export function negotiationFor(target: { protocol?: string; prior?: ProtocolPrior | null }): Negotiation {
  const protocol = target.protocol ?? PROTOCOL_AUTO;
  if (protocol === PROTOCOL_AUTO) {
    return { options: { versionNegotiation: { mode: "auto" } }, ...(target.prior ? { prior: target.prior as PriorDiscovery } : {}) };
  }
  // A pin is kept to the letter: no remembered verdict can override it.
  if (isModernRevision(protocol)) return { options: { versionNegotiation: { mode: { pin: protocol } } } };
  return { options: { versionNegotiation: { mode: "legacy" }, supportedProtocolVersions: [protocol] } };
}

/** What the connection found, as the next one takes it back. */
export function verdictOf(client: Client): ProtocolPrior {
  const discover = client.getDiscoverResult();
  if (client.getProtocolEra() === "modern" && discover) return { kind: "modern", discover: discover as unknown as Record<string, unknown> };
  return { kind: "legacy" };
}
