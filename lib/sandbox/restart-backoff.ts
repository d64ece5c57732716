/**
 * How long a stdio server that failed `failures` times in a row waits before
 * the next use may start it again: 1 s, doubling, at most 5 minutes. A
 * server that crashes at start is then started a dozen times in its first
 * hour, not once per request.
 */
export const FIRST_RESTART_DELAY_MS = 1_000;
export const MAX_RESTART_DELAY_MS = 5 * 60_000;

export function restartDelayMs(failures: number): number {
  if (failures <= 0) return 0;
  return Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** Math.min(failures - 1, 20));
}

/** A process that ran this long before it failed was working: its failure counts as the first in a row. */
export const STABLE_RUN_MS = 60_000;
