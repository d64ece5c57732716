import { processSingleton } from "../process-singleton";
import { restartDelayMs, STABLE_RUN_MS } from "./restart-backoff";

/**
 * What this instance knows of its stdio servers' processes, one entry per
 * (owner, server): whether one runs, since when, why the last one ended,
 * how often it was restarted after a failure, and when the next use may
 * start it again. It decides whether a process may start (the caps, the
 * backoff) and keeps no process itself: the workbench pool holds the
 * connection (lib/upstream/stdio-process.ts ties the two together). An
 * entry is a few numbers, kept for as long as the instance runs.
 */

export type ProcessStateName = "starting" | "running" | "stopped" | "failed";

export interface ProcessState {
  state: ProcessStateName;
  /** When it started (running) or ended (stopped, failed); null while starting. */
  since: Date | null;
  /** Why the last process ended, when one did. */
  lastExit: { reason: string; at: Date } | null;
  /** Starts after a failure (a crash, a cap, a start that failed), since this instance began. */
  restarts: number;
  /** Failed: the next use starts it again from then on. */
  restartAfter: Date | null;
}

export interface ProcessCaps {
  /** Processes one user may have at once: their plan's. */
  perUser: number;
  planLabel: string;
  /** Processes of all users on this instance. */
  perInstance: number;
}

/** A start the table admitted: what its end is reported against (a later start makes it stale). */
export interface Run {
  readonly key: string;
  readonly id: number;
}

interface Entry {
  uid: string;
  state: ProcessStateName;
  since: number | null;
  lastExit: { reason: string; at: number } | null;
  restarts: number;
  /** Failures in a row: the backoff's exponent. */
  failures: number;
  retryAt: number | null;
  run: number;
}

const live = (entry: Entry) => entry.state === "starting" || entry.state === "running";
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** Why a process may not start now (its backoff, a cap): the message says which, and what to do. */
export class ProcessRefusal extends Error {}

export const processKey = (uid: string, serverId: string) => `${uid}:${serverId}`;

export class ProcessTable {
  private readonly entries = new Map<string, Entry>();
  private runs = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Admits a start of the (uid, server) process, or throws a ProcessRefusal that
   * says why not: it failed a moment ago and waits out its backoff, or a cap
   * is reached. At a cap, `evict` is asked to stop an idle process (of the
   * user, or of anyone for the instance's cap) and answers the key of the
   * one it stopped, if any: an idle process gives way before a use is refused.
   */
  admit(uid: string, serverId: string, caps: ProcessCaps, evict: (uid?: string) => string | undefined): Run {
    const key = processKey(uid, serverId);
    const entry = this.entries.get(key);
    const now = this.now();
    if (entry?.state === "failed" && entry.retryAt !== null && now < entry.retryAt) {
      const wait = Math.ceil((entry.retryAt - now) / 1000);
      throw new ProcessRefusal(`${entry.lastExit?.reason ?? "The server failed."} The console starts it again on the next use after ${plural(wait, "second")}.`);
    }
    const mine = () => [...this.entries.values()].filter((e) => e.uid === uid && live(e)).length;
    const all = () => [...this.entries.values()].filter(live).length;
    while (mine() >= caps.perUser) {
      if (!this.evicted(evict(uid))) {
        throw new ProcessRefusal(
          `You already run ${plural(mine(), "stdio server")} at once, the most the ${caps.planLabel} plan allows, and none of them is idle. ` +
            "Try again when a call on one of them has ended, or move to a plan that runs more.",
        );
      }
    }
    while (all() >= caps.perInstance) {
      if (!this.evicted(evict())) {
        throw new ProcessRefusal(
          `This console instance already runs ${plural(all(), "stdio server")}, its limit (STDIO_MAX_PROCESSES), and none of them is idle. ` +
            "Try again in a moment; the operator can raise STDIO_MAX_PROCESSES.",
        );
      }
    }
    const run = ++this.runs;
    this.entries.set(key, {
      uid,
      state: "starting",
      since: null,
      lastExit: entry?.lastExit ?? null,
      restarts: (entry?.restarts ?? 0) + (entry?.state === "failed" ? 1 : 0),
      failures: entry?.failures ?? 0,
      retryAt: null,
      run,
    });
    return { key, id: run };
  }

  /** The process answered its handshake. */
  started(run: Run): void {
    const entry = this.current(run);
    if (entry?.state !== "starting") return;
    entry.state = "running";
    entry.since = this.now();
  }

  /**
   * The process ended (or never started): `failed` when the console did not
   * ask it to (a crash, a cap, an exit of its own, a start that failed). A
   * failure waits out the backoff before the next start; a stop resets it.
   */
  ended(run: Run, reason: string, failed: boolean): void {
    const entry = this.current(run);
    // Once only: a process stopped to make room was counted out when it was asked to stop.
    if (!entry || !live(entry)) return;
    const now = this.now();
    const ranLong = entry.state === "running" && entry.since !== null && now - entry.since >= STABLE_RUN_MS;
    entry.lastExit = { reason, at: now };
    entry.since = now;
    if (failed) {
      entry.failures = ranLong ? 1 : entry.failures + 1;
      entry.state = "failed";
      entry.retryAt = now + restartDelayMs(entry.failures);
    } else {
      entry.failures = 0;
      entry.state = "stopped";
      entry.retryAt = null;
    }
  }

  /**
   * The server's settings changed (its process was stopped for them): a failure of the old
   * settings is no reason to make the new ones wait, so a backoff ends now, and the next failure
   * counts from one.
   */
  clearBackoff(uid: string, serverId: string): void {
    const entry = this.entries.get(processKey(uid, serverId));
    if (!entry || live(entry)) return;
    entry.failures = 0;
    entry.retryAt = null;
    if (entry.state === "failed") entry.state = "stopped";
  }

  stateOf(uid: string, serverId: string): ProcessState | null {
    const entry = this.entries.get(processKey(uid, serverId));
    if (!entry) return null;
    const at = (ms: number | null) => (ms === null ? null : new Date(ms));
    return {
      state: entry.state,
      since: at(entry.since),
      lastExit: entry.lastExit ? { reason: entry.lastExit.reason, at: new Date(entry.lastExit.at) } : null,
      restarts: entry.restarts,
      restartAfter: entry.state === "failed" ? at(entry.retryAt) : null,
    };
  }

  /** Forgets a start that belongs to no stored server (a "Test connection"), once it ended: nothing asks after it. */
  forget(run: Run): void {
    if (this.current(run)) this.entries.delete(run.key);
  }

  /** Whether a process runs (or starts) for this key. */
  isLive(key: string): boolean {
    const entry = this.entries.get(key);
    return entry !== undefined && live(entry);
  }

  /** Counts a process `evict` stopped as gone at once (its exit comes a moment later); false when it stopped none. */
  private evicted(key: string | undefined): boolean {
    const entry = key === undefined ? undefined : this.entries.get(key);
    if (!entry || !live(entry)) return false;
    this.ended({ key: key!, id: entry.run }, "Stopped while idle to make room for another stdio server.", false);
    return true;
  }

  private current(run: Run): Entry | undefined {
    const entry = this.entries.get(run.key);
    return entry?.run === run.id ? entry : undefined;
  }
}

/** This instance's table (one per process, see processSingleton). */
export function processTable(): ProcessTable {
  return processSingleton("stdio-processes", () => new ProcessTable());
}
