import "server-only";
import { sql } from "drizzle-orm";
import { db } from "../../db";
import { log } from "../../log";
import { processSingleton } from "../../process-singleton";

/**
 * Calls counted ahead, under sustained traffic. A gateway call is counted
 * against its limits by one statement before it runs (limits.ts): a round
 * trip to the database on every call, about as long as the call itself on a
 * fast server. When one instance counts the same counters ten times or more
 * within a second, it reserves a block of the calls it is about to make, in
 * one more statement off any call's path: each counter grows by the block
 * (only where the block fits under every counter's limit), and the next
 * calls take from the block without waiting for the database. A lone call,
 * and every call near a limit, is still counted one by one.
 *
 * Limits stay exact: a reserved call is counted before it runs, whichever
 * instance runs it, and no block goes past a limit. What a block costs is
 * that its counters say more than the calls made until it is used or given
 * back: a block left unused for two seconds is given back, and so is what
 * is left of one when a counter's window ends (to the counters whose window
 * goes on). A block is at most a quarter of what is left under the nearest
 * limit, so that another instance still finds calls to make.
 */

const BUSY_COUNTS_PER_SECOND = 10;
const MIN_BLOCK = 4;
const MAX_BLOCK = 64;
const RETURN_AFTER_IDLE_MS = 2_000;

/** One counter a call is counted against: its key in rate_limits, its window's start and its limit. */
export interface Counter {
  key: string;
  windowStart: Date;
  limit: number;
}

/** The block reserved for one set of counters (a gateway's minute and the account's day, and a request's when counted with the call). */
interface Lease {
  counters: Counter[];
  left: number;
  lastUsed: number;
  reserving: boolean;
  /** A check that gives an idle block back is waiting. */
  watched: boolean;
  /** Counts by this instance in the current second and the one before: how busy these counters are here. */
  second: number;
  thisSecond: number;
  lastSecond: number;
  /** The least room left under a limit, as last read. */
  room: number;
}

/**
 * The counters' rows (`v`, in its window), locked in the order of `v.ord`: the order in which a
 * call's statement counts them (limits.ts: the request's gateway and credential, then the
 * gateway's minute and the account's day). A statement that took them in another order could
 * wait on a call's statement while it waits on this one.
 */
const lockedInOrder = sql`locked as (
  select r.key from rate_limits r join v on r.key = v.key and r.window_start = v.window_start
   order by v.ord
     for update of r
)`;

const leases = () => processSingleton("gateway-call-leases", () => new Map<string, Lease>());
const groupKey = (counters: Counter[]) => counters.map((c) => c.key).join("\n");
const sameWindows = (a: Counter[], b: Counter[]) => a.every((c, i) => c.windowStart.getTime() === b[i].windowStart.getTime());

function leaseOf(counters: Counter[]): Lease {
  const all = leases();
  const key = groupKey(counters);
  let lease = all.get(key);
  if (!lease) {
    lease = { counters, left: 0, lastUsed: 0, reserving: false, watched: false, second: 0, thisSecond: 0, lastSecond: 0, room: 0 };
    all.set(key, lease);
  }
  return lease;
}

/** Counts one use in the lease's per-second tally; the larger count of the last whole second and this one. */
function tally(lease: Lease, now: number): number {
  const second = Math.floor(now / 1000);
  if (second !== lease.second) {
    lease.lastSecond = second === lease.second + 1 ? lease.thisSecond : 0;
    lease.thisSecond = 0;
    lease.second = second;
  }
  lease.thisSecond += 1;
  return Math.max(lease.thisSecond, lease.lastSecond);
}

/**
 * Takes one call from the block reserved for these counters, in their
 * current windows; else takes nothing and says false, and the call is
 * counted by its statement.
 */
export function takeReserved(counters: Counter[], now = Date.now()): boolean {
  const lease = leases().get(groupKey(counters));
  if (!lease || lease.left === 0) return false;
  if (!sameWindows(lease.counters, counters)) {
    giveBack(lease, lease.left, counters);
    lease.left = 0;
    return false;
  }
  lease.left -= 1;
  lease.lastUsed = now;
  const busy = tally(lease, now);
  if (lease.left < MIN_BLOCK) reserve(lease, counters, busy);
  return true;
}

/** After a statement counted a call against `counters`, with their values: a reservation starts where this instance is busy. */
export function counted(counters: Counter[], values: (key: string) => number, now = Date.now()): void {
  const lease = leaseOf(counters);
  lease.room = Math.min(...counters.map((c) => c.limit - values(c.key)));
  const busy = tally(lease, now);
  if (busy >= BUSY_COUNTS_PER_SECOND) reserve(lease, counters, busy);
}

/** Reserves a block of about a quarter second of this instance's calls, if it fits under a quarter of the least room left. */
function reserve(lease: Lease, counters: Counter[], busy: number): void {
  if (lease.reserving) return;
  const block = Math.min(MAX_BLOCK, Math.max(MIN_BLOCK, Math.ceil(busy / 4)), Math.floor(lease.room / 4));
  if (block < MIN_BLOCK) return;
  lease.reserving = true;
  void (async () => {
    try {
      const rows = JSON.stringify(counters.map((c, ord) => ({ ord, key: c.key, window_start: c.windowStart.toISOString(), limit: c.limit })));
      // Each counter grows only where the block fits under its limit, in its window: a block that fits some but not all is given back at once.
      const result = await (await db()).execute(sql`
        with v as (select * from jsonb_to_recordset(${rows}::jsonb) as v(ord integer, key text, window_start timestamptz, "limit" integer)),
        ${lockedInOrder}
        update rate_limits r set count = r.count + ${block}
          from v
         where r.key = v.key and r.key in (select key from locked) and r.count + ${block} <= v."limit"
        returning r.key, r.count, v."limit"`);
      const grown = (result as unknown as { rows: { key: string; count: number; limit: number }[] }).rows;
      if (grown.length < counters.length) {
        giveBack({ ...lease, counters: counters.filter((c) => grown.some((g) => g.key === c.key)) }, block, counters);
        lease.room = 0;
        return;
      }
      lease.room = Math.min(...grown.map((g) => Number(g.limit) - Number(g.count)));
      // What was left of a block of earlier windows goes back to the counters whose window goes on.
      if (lease.left > 0 && !sameWindows(lease.counters, counters)) {
        giveBack(lease, lease.left, counters);
        lease.left = 0;
      }
      lease.counters = counters;
      lease.left += block;
      lease.lastUsed = Date.now();
      giveBackWhenIdle(lease);
    } catch (err) {
      log.warn("gateway calls not reserved", { err });
    } finally {
      lease.reserving = false;
    }
  })();
}

/** Takes `unused` calls off the lease's counters that are still in the window of `current` (their windows otherwise ended, and their counts with them). */
function giveBack(lease: Pick<Lease, "counters">, unused: number, current: Counter[]): void {
  const rows = lease.counters.filter((c) => current.some((n) => n.key === c.key && n.windowStart.getTime() === c.windowStart.getTime()));
  if (rows.length === 0 || unused === 0) return;
  const values = JSON.stringify(rows.map((c, ord) => ({ ord, key: c.key, window_start: c.windowStart.toISOString() })));
  void (async () => {
    await (await db()).execute(sql`
      with v as (select * from jsonb_to_recordset(${values}::jsonb) as v(ord integer, key text, window_start timestamptz)),
      ${lockedInOrder}
      update rate_limits r set count = greatest(r.count - ${unused}, 0)
       where r.key in (select key from locked)`);
  })().catch((err) => log.warn("reserved gateway calls not given back", { err }));
}

/** Gives a block back once its lease has not been used for a while. */
function giveBackWhenIdle(lease: Lease): void {
  if (lease.watched) return;
  lease.watched = true;
  const check = () => {
    const idleFor = Date.now() - lease.lastUsed;
    if (lease.left > 0 && idleFor < RETURN_AFTER_IDLE_MS) {
      setTimeout(check, RETURN_AFTER_IDLE_MS - idleFor).unref();
      return;
    }
    lease.watched = false;
    if (lease.left === 0) return;
    giveBack(lease, lease.left, lease.counters);
    lease.left = 0;
  };
  setTimeout(check, RETURN_AFTER_IDLE_MS).unref();
}
