import "server-only";
import { log as rootLog, type Logger } from "../log";
import { observeScheduleLag } from "../metrics/monitoring";
import { claimDue, finishClaims, msUntilNextDue, releaseAll, type Claimed, type FinishedClaim } from "./claim";
import { instanceName } from "./instance";
import { runRetention } from "./retention";
import type { RunCheckOptions } from "./run-check";
import { dueAfterCheck, effectiveIntervalSec, nextDueAfter } from "../servers/check-schedule";

/**
 * The loop that runs scheduled checks in this process: it claims due checks
 * from the database (any number of instances can share it), runs at most
 * `concurrency` at once, sleeps until the next one falls due, and offers to
 * run retention now and then. See lib/monitoring/claim.ts for how a claim
 * works.
 */

/** Runs one check (runCheck); resolves once its result is stored, or it turned out not to be needed. */
export type PerformCheck = (serverId: string, run: RunCheckOptions) => Promise<unknown>;

export interface SchedulerOptions {
  perform: PerformCheck;
  /** Checks running at once in this instance. */
  concurrency: number;
  /** How long a claim is held before another instance may take it again; longer than any check. */
  leaseSec: number;
  /** Names this instance in leases and in the checks it runs. */
  instance?: string;
  /** Longest sleep between two looks at the queue, in ms (new servers and retaken claims are seen this fast). */
  pollMs?: number;
  /** On stop, how long checks in flight may still take, in ms. */
  drainMs?: number;
  /** How often this instance offers to run retention, in seconds; null: never. */
  retentionEverySec?: number | null;
  log?: Logger;
}

export interface Scheduler {
  readonly instance: string;
  /** Stops claiming, lets the checks in flight finish (bounded by drainMs) and gives back every lease still held. */
  stop(): Promise<void>;
}

/** How long a look at the queue that found little waits before the next: checks falling due meanwhile are claimed together. */
const LOOK_MS = 100;
/** How long a finished check's claim may wait to be given back with others. */
const GIVE_BACK_MS = 250;

export function createScheduler(options: SchedulerOptions): Scheduler {
  const instance = options.instance ?? instanceName();
  const pollMs = options.pollMs ?? 1_000;
  const drainMs = options.drainMs ?? 15_000;
  const log = (options.log ?? rootLog).child({ component: "monitor-scheduler", instance });
  // Claims are taken and given back a few at a time: a statement per check each way would cost as much as the check.
  const batch = Math.max(1, Math.ceil(options.concurrency / 4));
  const running = new Map<string, Promise<void>>();
  /** Checks done whose claims are not given back yet, oldest first. */
  let finished: (FinishedClaim & { at: number })[] = [];
  /** The last claim was a full batch: more may be due, claim again once a batch of slots is free (or a slot has waited LOOK_MS). */
  let moreDue = false;
  let claimedAt = 0;
  /** Otherwise, when to look for due checks again (epoch ms). */
  let lookAt = 0;
  let stopping = false;
  let woken = false;
  let wakeUp: (() => void) | undefined;
  let stopped: Promise<void> | undefined;

  const wake = () => {
    woken = true;
    wakeUp?.();
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || stopping) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    }).then(() => {
      woken = false;
    });

  /** Runs a claimed check; resolves with where its claim goes next. */
  async function check(claim: Claimed): Promise<FinishedClaim> {
    const interval = effectiveIntervalSec(claim.intervalSec, claim);
    const { serverId, dueAt, lastCheckAt } = claim;
    // A plan that lapsed to a longer minimum interval: this slot is too soon after the last check.
    if (interval > claim.intervalSec && lastCheckAt && dueAt.getTime() - lastCheckAt.getTime() < interval * 1000) {
      return { serverId, dueAt, nextDueAt: nextDueAfter(serverId, interval, new Date(lastCheckAt.getTime() + interval * 1000 - 1)) };
    }
    observeScheduleLag(dueAt);
    try {
      await options.perform(serverId, { dueAt, trigger: "schedule", instance, server: claim.server });
    } catch (err) {
      // The check could not be stored (a database error): this slot is given up, the next one stands.
      log.error("scheduled check failed", { serverId, dueAt: dueAt.toISOString(), err });
    }
    return { serverId, dueAt, nextDueAt: dueAfterCheck(serverId, interval, dueAt, new Date()) };
  }

  function start(claim: Claimed) {
    const run = check(claim)
      .then((done) => void finished.push({ ...done, at: Date.now() }))
      .catch((err) => log.error("a scheduled check broke down; its lease will expire", { serverId: claim.serverId, err }))
      .finally(() => {
        running.delete(claim.serverId);
        wake();
      });
    running.set(claim.serverId, run);
  }

  /** Gives back the claims of the checks done: their servers move on to their next due time. */
  async function giveBack() {
    const done = finished;
    finished = [];
    await finishClaims(instance, done).catch((err) =>
      log.error("could not give claims back; their leases will expire", { servers: done.length, err }),
    );
  }

  async function tick() {
    const free = options.concurrency - running.size;
    const now = Date.now();
    const claim = free > 0 && (moreDue ? free >= batch || now - claimedAt >= LOOK_MS : now >= lookAt);
    if (finished.length > 0 && (claim || finished.length >= batch || now - finished[0].at >= GIVE_BACK_MS)) await giveBack();
    if (claim) {
      claimedAt = now;
      const claimed = await claimDue(instance, free, options.leaseSec);
      for (const c of claimed) start(c);
      moreDue = claimed.length === free;
      if (!moreDue) {
        // Checks that fall due meanwhile wait for the next look, a moment later: one statement claims them together.
        const wait = claimed.length > 0 ? LOOK_MS : ((await msUntilNextDue()) ?? pollMs);
        lookAt = Date.now() + Math.max(LOOK_MS, Math.min(pollMs, wait));
      }
    }
    // A check that ends wakes the loop; otherwise it wakes for the next look or the next give-back.
    const freeNow = options.concurrency - running.size;
    const nextClaim = freeNow === 0 ? Infinity : moreDue ? (freeNow >= batch ? 0 : claimedAt + LOOK_MS) : lookAt;
    const nextGiveBack = finished.length > 0 ? finished[0].at + GIVE_BACK_MS : Infinity;
    await sleep(Math.max(0, Math.min(nextClaim, nextGiveBack, Date.now() + pollMs) - Date.now()));
  }

  const loop = (async () => {
    log.info("monitoring scheduler started", { concurrency: options.concurrency, leaseSec: options.leaseSec });
    while (!stopping) {
      try {
        await tick();
      } catch (err) {
        log.error("claiming due checks failed", { err });
        await sleep(pollMs);
      }
    }
  })();

  const retention = retentionLoop(instance, options.retentionEverySec ?? null, () => stopping, log);

  return {
    instance,
    stop() {
      stopped ??= (async () => {
        stopping = true;
        wake();
        retention.cancel();
        await loop;
        let timer: NodeJS.Timeout | undefined;
        const drained = await Promise.race([
          Promise.allSettled([...running.values()]).then(() => true),
          new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), drainMs))),
        ]);
        clearTimeout(timer);
        await retention.done;
        await giveBack();
        const released = await releaseAll(instance).catch((err) => {
          log.error("could not give leases back; they will expire", { err });
          return 0;
        });
        log.info("monitoring scheduler stopped", { drained, unfinished: running.size, released });
      })();
      return stopped;
    },
  };
}

/** Every `everySec` (first time after a random part of it), offers to run retention; one instance per period wins. */
function retentionLoop(instance: string, everySec: number | null, stopping: () => boolean, log: Logger) {
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  const schedule = (ms: number) => {
    if (everySec === null || stopping()) return;
    timer = setTimeout(() => {
      current = runRetention({ instance, log, shouldStop: stopping })
        .then(() => undefined)
        .catch((err) => log.error("retention failed", { err }))
        .finally(() => schedule(everySec * 1000));
    }, ms);
  };
  if (everySec !== null) schedule(Math.floor(Math.random() * everySec * 1000));
  return {
    cancel: () => clearTimeout(timer),
    get done() {
      return current;
    },
  };
}
