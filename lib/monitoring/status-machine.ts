import type { ServerStatus } from "../servers/schema";
import type { CheckResult } from "./schema";

/**
 * How a check moves a server's status. A single failed check may be a blip:
 * the status stays what it was until the second failure in a row, which
 * makes the server `down` and opens an incident. Any check that gets an
 * answer (up or degraded) ends the run of failures and closes the incident.
 * A server that has never answered (unknown) has no status to keep: its
 * first failure makes it `down` at once, the incident still waiting for the
 * second. A paused server keeps its status and its count: a check run by
 * hand on it is history, not monitoring.
 */
export const FAILURES_TO_DOWN = 2;

export interface StatusState {
  status: ServerStatus;
  consecutiveFailures: number;
}

/** What happens to the server's incident: opened (or, already open, one more failure counted), closed, or nothing. */
export type IncidentStep = "open" | "close" | null;

export interface Transition extends StatusState {
  incident: IncidentStep;
}

export function transition(prev: StatusState, result: CheckResult): Transition {
  if (prev.status === "paused") return { ...prev, incident: null };
  if (result !== "failed") return { status: result, consecutiveFailures: 0, incident: "close" };
  const consecutiveFailures = prev.consecutiveFailures + 1;
  if (consecutiveFailures >= FAILURES_TO_DOWN) return { status: "down", consecutiveFailures, incident: "open" };
  return { status: prev.status === "unknown" ? "down" : prev.status, consecutiveFailures, incident: null };
}
