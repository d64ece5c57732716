/**
 * In-memory auth debug log. It lives only in this tab's memory on purpose:
 * entries can mention paths and error texts, which should not outlive the page
 * or be readable by other tabs through storage.
 */

export interface DebugLogEntry {
  timestamp: string;
  event: string;
  details?: unknown;
}

export type DebugLogListener = () => void;

export const DEBUG_LOG_LIMIT = 50;

// Replaced, never mutated, so useSyncExternalStore can compare snapshots by reference.
let entries: readonly DebugLogEntry[] = [];
const listeners = new Set<DebugLogListener>();

function publish(next: readonly DebugLogEntry[]): void {
  entries = next;
  // Copy first: a listener may unsubscribe while we iterate.
  for (const listener of [...listeners]) listener();
}

export function logAuthEvent(event: string, details?: unknown): void {
  const entry: DebugLogEntry =
    details === undefined
      ? { timestamp: new Date().toISOString(), event }
      : { timestamp: new Date().toISOString(), event, details };
  const next = [...entries, entry];
  publish(next.length > DEBUG_LOG_LIMIT ? next.slice(next.length - DEBUG_LOG_LIMIT) : next);
}

/** Oldest first. The same array is returned until the log changes. */
export function getDebugLog(): readonly DebugLogEntry[] {
  return entries;
}

export function subscribeDebugLog(listener: DebugLogListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function clearDebugLog(): void {
  if (entries.length === 0) return;
  publish([]);
}
