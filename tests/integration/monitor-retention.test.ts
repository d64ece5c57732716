import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { db } from "@/lib/db";
import { monitorChecks, monitorRollups, servers, users } from "@/lib/db/schema";
import { runRetention } from "@/lib/monitoring/retention";
import type { PlanId } from "@/lib/plans/table";
import { describeEachDatabase } from "../support/databases";

/**
 * History is kept as long as its owner's plan says (a lapsed plan keeps what
 * the free tier keeps), and deleted in batches; rollups as long as the
 * plan's longest uptime window reads.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CHECK_AGES = { "2h": 2 * HOUR, "23h": 23 * HOUR, "25h": 25 * HOUR, "30d": 30 * DAY, "89d": 89 * DAY, "91d": 91 * DAY, "300d": 300 * DAY, "401d": 401 * DAY };
const ROLLUP_AGES = { "2h": 2 * HOUR, "23h": 23 * HOUR, "26h": 26 * HOUR, "30d": 30 * DAY, "89d": 89 * DAY, "91d": 91 * DAY };
type Age = keyof typeof CHECK_AGES | keyof typeof ROLLUP_AGES;

async function serverOf(plan: PlanId, expiresAt: Date | null = null): Promise<string> {
  const uid = `ret-${randomUUID()}`;
  const database = await db();
  await database.insert(users).values({ uid, email: `${uid}@example.com`, displayName: uid, subscriptionPlan: plan, subscriptionExpiresAt: expiresAt });
  const [row] = await database
    .insert(servers)
    .values({ ownerUid: uid, name: "s", transport: "streamable-http", url: "https://mcp.example.com/mcp" })
    .returning({ id: servers.id });
  const now = Date.now();
  await database.insert(monitorChecks).values(
    Object.values(CHECK_AGES).map((age) => ({
      serverId: row.id,
      dueAt: new Date(now - age),
      startedAt: new Date(now - age),
      trigger: "schedule" as const,
      result: "up" as const,
      latencyMs: 50,
    })),
  );
  await database.insert(monitorRollups).values(Object.values(ROLLUP_AGES).map((age) => ({ serverId: row.id, hour: new Date(now - age), checks: 60 })));
  return row.id;
}

async function agesLeft(serverId: string) {
  const database = await db();
  const now = Date.now();
  const nearest = (ages: Record<string, number>, t: Date) =>
    Object.entries(ages).sort(([, x], [, y]) => Math.abs(now - t.getTime() - x) - Math.abs(now - t.getTime() - y))[0][0] as Age;
  const checks = await database.select({ dueAt: monitorChecks.dueAt }).from(monitorChecks).where(eq(monitorChecks.serverId, serverId));
  const rollups = await database.select({ hour: monitorRollups.hour }).from(monitorRollups).where(eq(monitorRollups.serverId, serverId));
  return {
    checks: checks.map((c) => nearest(CHECK_AGES, c.dueAt)).sort(),
    rollups: rollups.map((r) => nearest(ROLLUP_AGES, r.hour)).sort(),
  };
}

describeEachDatabase("monitoring retention", () => {
  it("deletes what each plan no longer keeps, in batches, and nothing else", async () => {
    const free = await serverOf("free tier");
    const lapsed = await serverOf("pro", new Date(Date.now() - DAY));
    const pro = await serverOf("pro", new Date(Date.now() + 30 * DAY));
    const enterprise = await serverOf("enterprise");

    const result = await runRetention({ instance: "test", claim: false, batchSize: 3 });
    expect(result).toMatchObject({ ran: true, checksDeleted: 6 + 6 + 3 + 1, rollupsDeleted: 4 + 4 + 1 + 1 });
    // 16 checks three at a time, then 10 rollups three at a time: each batch a statement of its own.
    expect(result.batches).toBeGreaterThanOrEqual(6 + 4);

    const sorted = (xs: Age[]) => [...xs].sort();
    const freeKept = { checks: sorted(["2h", "23h"]), rollups: sorted(["2h", "23h"]) };
    expect(await agesLeft(free)).toEqual(freeKept);
    expect(await agesLeft(lapsed)).toEqual(freeKept);
    expect(await agesLeft(pro)).toEqual({ checks: sorted(["2h", "23h", "25h", "30d", "89d"]), rollups: sorted(["2h", "23h", "26h", "30d", "89d"]) });
    expect(await agesLeft(enterprise)).toEqual({
      checks: sorted(["2h", "23h", "25h", "30d", "89d", "91d", "300d"]),
      rollups: sorted(["2h", "23h", "26h", "30d", "89d"]),
    });

    // Nothing left to delete: a second run finds nothing.
    expect(await runRetention({ instance: "test", claim: false, batchSize: 3 })).toMatchObject({ checksDeleted: 0, rollupsDeleted: 0 });
    await (await db()).delete(servers).where(inArray(servers.id, [free, lapsed, pro, enterprise]));
  });

  it("runs once per period however many instances offer", async () => {
    const runs = await Promise.all(["a", "b", "c"].map((instance) => runRetention({ instance })));
    expect(runs.filter((r) => r.ran)).toHaveLength(1);
  });
});
