/**
 * One alert per state change, never a storm. A server that opens more than
 * FLAP_OPENINGS incidents within FLAP_WINDOW is flapping: the opening that
 * crosses the line sends one "flapping" alert instead of its own, and from
 * then on openings and closings are not alerted one by one. At most one
 * summary goes out per window (only if something changed since the last
 * alert), until the server has had no change for a whole window; then one
 * "stable again" alert says how it ended (up, or down for good), and alerts
 * go one by one again.
 *
 * Pure functions of the stored state, so that the rule can be read and
 * tested apart from the database.
 */

export const FLAP_WINDOW_MS = 30 * 60_000;
export const FLAP_OPENINGS = 3;
/** A change older than this when it is handled (a dispatcher that was off) is not alerted. */
export const MAX_CHANGE_AGE_MS = 24 * 3600_000;

export interface FlapState {
  flappingSince: Date | null;
  lastChangeAt: Date | null;
  lastSummaryAt: Date | null;
  changesSinceSummary: number;
}

export interface Change {
  kind: "opened" | "resolved";
  at: Date;
  /** For an opening: how many incidents of the server opened in (at − window, at], itself included. */
  openingsInWindow: number;
}

export type ChangeOutcome = "alert" | "flapping" | "none";

const later = (a: Date | null, b: Date) => (a && a.getTime() > b.getTime() ? a : b);

/** What to send for one opening or closing, handled at `now`, and the state after it. */
export function onChange(state: FlapState, change: Change, now: Date): { state: FlapState; send: ChangeOutcome } {
  const next: FlapState = { ...state, lastChangeAt: later(state.lastChangeAt, change.at) };
  if (state.flappingSince) return { state: { ...next, changesSinceSummary: state.changesSinceSummary + 1 }, send: "none" };
  if (now.getTime() - change.at.getTime() > MAX_CHANGE_AGE_MS) return { state: next, send: "none" };
  if (change.kind === "opened" && change.openingsInWindow > FLAP_OPENINGS) {
    return { state: { ...next, flappingSince: change.at, lastSummaryAt: now, changesSinceSummary: 0 }, send: "flapping" };
  }
  return { state: next, send: "alert" };
}

export type ReviewOutcome = "summary" | "stable" | "none";

/** What a flapping server is owed at `now`: a summary, the end of the summarising, or nothing yet. */
export function onReview(state: FlapState, now: Date): { state: FlapState; send: ReviewOutcome } {
  if (!state.flappingSince || !state.lastChangeAt) return { state, send: "none" };
  if (now.getTime() - state.lastChangeAt.getTime() >= FLAP_WINDOW_MS) {
    return { state: { ...state, flappingSince: null, changesSinceSummary: 0 }, send: "stable" };
  }
  const lastSummary = state.lastSummaryAt ?? state.flappingSince;
  if (state.changesSinceSummary > 0 && now.getTime() - lastSummary.getTime() >= FLAP_WINDOW_MS) {
    return { state: { ...state, lastSummaryAt: now, changesSinceSummary: 0 }, send: "summary" };
  }
  return { state, send: "none" };
}

/** When onReview may next have something to send; null when the server is not flapping. */
export function reviewAt(state: FlapState): Date | null {
  if (!state.flappingSince || !state.lastChangeAt) return null;
  const stable = state.lastChangeAt.getTime() + FLAP_WINDOW_MS;
  const lastSummary = (state.lastSummaryAt ?? state.flappingSince).getTime();
  return new Date(state.changesSinceSummary > 0 ? Math.min(stable, lastSummary + FLAP_WINDOW_MS) : stable);
}
