import "server-only";

import { slowness, type CheckOutcome } from "./check";
import { describeCheckFailure } from "./failure";
import { instanceName } from "./instance";
import { recordCheck, type RecordedCheck } from "./record";
import type { Discovery } from "../mcp/types";

/**
 * A discovery is a check too: it connected (or did not), so what it found is
 * recorded as a check whose trigger is "discovery". The server's status then
 * always comes from a check in its history, whichever way it was made: a new
 * server that does not answer at save is `down` with the reason, and one that
 * does is `up` with the handshake's latency, on every screen alike.
 */

type DiscoveryResult = { ok: true; found: Discovery } | { ok: false; error: unknown };

/** What a discovery tells as a check. Its phases are not timed one by one: only the handshake is. */
export function discoveryOutcome(result: DiscoveryResult, server: { url: string; thresholdMs: number }, startedAt: Date): CheckOutcome {
  const phases = { connectMs: null, initializeMs: null, pingMs: null, listMs: null };
  if (!result.ok) {
    return { result: "failed", startedAt, latencyMs: null, phases, failure: describeCheckFailure(result.error, server.url), toolCount: null, toolsHash: null };
  }
  const latencyMs = result.found.handshakeMs;
  const slow = slowness(latencyMs, server.thresholdMs);
  return {
    result: slow ? "degraded" : "up",
    startedAt,
    latencyMs,
    phases,
    failure: slow,
    toolCount: result.found.tools.length,
    // The discovery has just stored this very list: nothing to compare it with.
    toolsHash: null,
  };
}

export async function recordDiscoveryCheck(serverId: string, outcome: CheckOutcome): Promise<RecordedCheck | null> {
  return recordCheck({ serverId, dueAt: outcome.startedAt, trigger: "discovery", instance: instanceName(), outcome });
}
