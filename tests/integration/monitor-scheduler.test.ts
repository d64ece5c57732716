import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { db } from "@/lib/db";
import { servers, users } from "@/lib/db/schema";
import { claimDue, finishClaim } from "@/lib/monitoring/claim";
import type { RunCheckOptions } from "@/lib/monitoring/run-check";
import { createScheduler } from "@/lib/monitoring/scheduler";
import { nextDueAfter } from "@/lib/servers/check-schedule";
import type { PlanId } from "@/lib/plans/table";
import { describeEachDatabase } from "../support/databases";

/**
 * The scheduler against a real database: what it claims, what it never
 * claims, how claims are shared and retaken, and how it moves each server to
 * its next due time. The check itself is stood in for by a function that
 * records what it was asked to run (the real check is exercised by the
 * two-instance test).
 */

async function owner(plan: PlanId = "enterprise", expiresAt: Date | null = null) {
  const uid = `sched-${randomUUID()}`;
  await (await db()).insert(users).values({ uid, email: `${uid}@example.com`, displayName: uid, subscriptionPlan: plan, subscriptionExpiresAt: expiresAt });
  return uid;
}

interface Seed {
  ownerUid: string;
  count: number;
  /** Default: a second ago. */
  dueAt?: Date | null | ((id: string) => Date);
  intervalSec?: number;
  enabled?: boolean;
  status?: "unknown" | "paused" | "up";
  lastCheckAt?: Date | null;
}

async function seed(s: Seed): Promise<string[]> {
  const rows = Array.from({ length: s.count }, (_, i) => ({
    id: randomUUID(),
    ownerUid: s.ownerUid,
    name: `srv-${i}-${randomUUID().slice(0, 8)}`,
    transport: "streamable-http" as const,
    url: "http://127.0.0.1:1/mcp",
    monitoringEnabled: s.enabled ?? true,
    intervalSec: s.intervalSec ?? 60,
    status: s.status ?? "unknown",
    nextCheckAt: null as Date | null,
    lastCheckAt: s.lastCheckAt ?? null,
  }));
  for (const row of rows) row.nextCheckAt = typeof s.dueAt === "function" ? s.dueAt(row.id) : s.dueAt === undefined ? new Date(Date.now() - 1_000) : s.dueAt;
  const inserted = await (await db()).insert(servers).values(rows).returning({ id: servers.id });
  return inserted.map((r) => r.id);
}

/** The server's latest due time that has come (its next one is then still ahead). */
const lastSlot = (intervalSec: number) => (id: string) => nextDueAfter(id, intervalSec, new Date(Date.now() - intervalSec * 1000));

async function rowsOf(ids: string[]) {
  return (await db())
    .select({ id: servers.id, nextCheckAt: servers.nextCheckAt, leaseOwner: servers.leaseOwner, leaseUntil: servers.leaseUntil })
    .from(servers)
    .where(inArray(servers.id, ids));
}

/** Takes every due server out of the way of the next test. */
async function parkAll() {
  await (await db()).update(servers).set({ nextCheckAt: null, leaseOwner: null, leaseUntil: null });
}

async function until(condition: () => Promise<boolean> | boolean, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describeEachDatabase("monitoring scheduler", () => {
  afterEach(parkAll);

  it("claims due servers oldest first, up to the limit, and not again while the lease holds", async () => {
    const uid = await owner();
    const base = Date.now() - 60_000;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(...(await seed({ ownerUid: uid, count: 1, dueAt: new Date(base + i * 1_000) })));
    const first = await claimDue("a", 3, 60);
    expect(first.map((c) => c.serverId)).toEqual(ids.slice(0, 3));
    expect(first[0]).toMatchObject({ dueAt: new Date(base), intervalSec: 60, subscriptionPlan: "enterprise", lastCheckAt: null });
    const rest = await claimDue("b", 10, 60);
    expect(rest.map((c) => c.serverId)).toEqual(ids.slice(3));
    expect(await claimDue("c", 10, 60)).toEqual([]);
    const stored = await rowsOf(ids);
    expect(stored.filter((r) => r.leaseOwner === "a")).toHaveLength(3);
    expect(stored.filter((r) => r.leaseOwner === "b")).toHaveLength(2);
  });

  it("never claims a server not yet due, paused, with monitoring off or never scheduled", async () => {
    const uid = await owner();
    await seed({ ownerUid: uid, count: 2, dueAt: new Date(Date.now() + 60_000) });
    await seed({ ownerUid: uid, count: 2, status: "paused" });
    await seed({ ownerUid: uid, count: 2, enabled: false });
    await seed({ ownerUid: uid, count: 2, dueAt: null });
    expect(await claimDue("a", 50, 60)).toEqual([]);
  });

  it("retakes a claim whose lease expired, for the same due time", async () => {
    const uid = await owner();
    const due = new Date(Date.now() - 5_000);
    const [id] = await seed({ ownerUid: uid, count: 1, dueAt: due });
    expect(await claimDue("crashed", 1, 60)).toHaveLength(1);
    expect(await claimDue("survivor", 1, 60)).toEqual([]);
    await (await db()).update(servers).set({ leaseUntil: new Date(Date.now() - 1) }).where(eq(servers.id, id));
    const [retaken] = await claimDue("survivor", 1, 60);
    expect(retaken).toMatchObject({ serverId: id, dueAt: due });
    // The instance that lost its lease can no longer move the server on.
    await finishClaim("crashed", id, due, new Date(due.getTime() + 60_000));
    expect((await rowsOf([id]))[0]).toMatchObject({ leaseOwner: "survivor", nextCheckAt: due });
  });

  it("gives every due server to exactly one of many claimers claiming at the same time", async () => {
    const uid = await owner();
    const ids = await seed({ ownerUid: uid, count: 300 });
    // Two instances, ten claims each in flight at once (PostgreSQL runs them on separate connections).
    const rounds = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const mine: string[] = [];
        for (;;) {
          const got = await claimDue(i % 2 ? "a" : "b", 7, 60);
          if (!got.length) return mine;
          mine.push(...got.map((c) => c.serverId));
        }
      }),
    );
    const all = rounds.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all.sort()).toEqual([...ids].sort());
  });

  it("runs each due check once, at most `concurrency` at a time, and moves the server to its next due time", async () => {
    const uid = await owner();
    const ids = await seed({ ownerUid: uid, count: 24, dueAt: lastSlot(30), intervalSec: 30 });
    const seeded = new Map((await rowsOf(ids)).map((r) => [r.id, r.nextCheckAt!.getTime()]));
    const seen: { serverId: string; run: RunCheckOptions }[] = [];
    let running = 0;
    let most = 0;
    const scheduler = createScheduler({
      instance: "solo",
      concurrency: 4,
      leaseSec: 60,
      perform: async (serverId, run) => {
        running += 1;
        most = Math.max(most, running);
        seen.push({ serverId, run });
        await new Promise((r) => setTimeout(r, 20));
        running -= 1;
      },
    });
    try {
      await until(() => new Set(seen.map((s) => s.serverId)).size === ids.length, "every check");
    } finally {
      await scheduler.stop();
    }
    // Each seeded due time ran exactly once; a server may have come due again meanwhile, for a later time.
    const runs = seen.map((s) => `${s.serverId}@${s.run.dueAt.getTime()}`);
    expect(new Set(runs).size).toBe(runs.length);
    for (const id of ids) expect(runs.filter((r) => r === `${id}@${seeded.get(id)}`)).toHaveLength(1);
    expect(seen.every((s) => s.run.trigger === "schedule" && s.run.instance === "solo")).toBe(true);
    expect(most).toBeLessThanOrEqual(4);
    expect(most).toBeGreaterThan(1);
    for (const row of await rowsOf(ids)) {
      const last = Math.max(...seen.filter((s) => s.serverId === row.id).map((s) => s.run.dueAt.getTime()));
      expect(row.nextCheckAt!.getTime() - last).toBe(30_000);
      expect(row.leaseOwner).toBeNull();
    }
  });

  it("stops claiming on stop, lets checks in flight finish, and gives back what it could not finish", async () => {
    const uid = await owner();
    const quick = await seed({ ownerUid: uid, count: 2, dueAt: lastSlot(60) });
    const stuck = await seed({ ownerUid: uid, count: 1, dueAt: new Date(Date.now() - 10_000) });
    const seededDue = new Map((await rowsOf(quick)).map((r) => [r.id, r.nextCheckAt!.getTime()]));
    let release = () => {};
    const hold = new Promise<void>((r) => (release = r));
    const started: string[] = [];
    const scheduler = createScheduler({
      instance: "leaving",
      concurrency: 3,
      leaseSec: 60,
      drainMs: 300,
      perform: async (serverId) => {
        started.push(serverId);
        if (serverId === stuck[0]) await hold;
      },
    });
    await until(() => started.length === 3, "three checks started");
    await scheduler.stop();
    const later = await seed({ ownerUid: uid, count: 2 });
    await new Promise((r) => setTimeout(r, 300));
    expect(started.some((id) => later.includes(id))).toBe(false);
    const rows = await rowsOf([...quick, ...stuck]);
    // Finished checks moved on; the unfinished one is free for another instance, still at its due time.
    for (const row of rows) expect(row.leaseOwner).toBeNull();
    expect(rows.find((r) => r.id === stuck[0])!.nextCheckAt!.getTime()).toBeLessThan(Date.now());
    // Moved on from the time they were due (their next slot may be a moment away, even past by now).
    expect(rows.filter((r) => quick.includes(r.id)).every((r) => r.nextCheckAt!.getTime() > seededDue.get(r.id)!)).toBe(true);
    release();
  });

  it("keeps a lapsed plan's servers to the free tier's interval", async () => {
    const lapsed = await owner("pro", new Date(Date.now() - 86_400_000));
    const checkedAt = new Date(Date.now() - 60_000);
    const [recent] = await seed({ ownerUid: lapsed, count: 1, intervalSec: 60, lastCheckAt: checkedAt });
    const [stale] = await seed({ ownerUid: lapsed, count: 1, intervalSec: 60, dueAt: lastSlot(300), lastCheckAt: new Date(Date.now() - 3_600_000) });
    const staleDue = (await rowsOf([stale]))[0].nextCheckAt!.getTime();
    const performed: string[] = [];
    const scheduler = createScheduler({ instance: "clamp", concurrency: 2, leaseSec: 60, perform: async (id) => void performed.push(id) });
    try {
      await until(async () => (await rowsOf([recent, stale])).every((r) => r.leaseOwner === null && r.nextCheckAt!.getTime() > Date.now()), "both handled");
    } finally {
      await scheduler.stop();
    }
    // Checked a minute ago: not checked again before the free tier's 5 minutes are up.
    expect(performed).toEqual([stale]);
    const rows = await rowsOf([recent, stale]);
    const next = (id: string) => rows.find((r) => r.id === id)!.nextCheckAt!.getTime();
    expect(next(recent)).toBeGreaterThanOrEqual(checkedAt.getTime() + 300_000);
    expect(next(recent)).toBeLessThan(checkedAt.getTime() + 600_000);
    expect(next(stale)).toBe(staleDue + 300_000);
  });
});
