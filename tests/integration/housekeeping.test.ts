import { eq, like, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { alertSilences, analyticsEvents, gatewayRelay, gatewaySessions, gateways, maintenanceWindows, oauthClients, oauthGrants, rateLimits, users } from "@/lib/db/schema";
import { ANALYTICS_RETENTION_DAYS, OAUTH_CLIENT_UNUSED_DAYS, runHousekeeping } from "@/lib/housekeeping";
import { describeEachDatabase } from "../support/databases";

/** Analytics, rate-limit counters and gateway sessions do not grow without bound. */

const DAY = 24 * 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms);

async function analyticsNames(): Promise<string[]> {
  const rows = await (await db()).select({ name: analyticsEvents.name }).from(analyticsEvents).orderBy(analyticsEvents.createdAt);
  return rows.map((r) => r.name);
}

describeEachDatabase("housekeeping", () => {
  it("deletes analytics past their retention and beyond the cap, oldest first, and rate-limit windows long over", async () => {
    const database = await db();
    await database.delete(analyticsEvents);
    await database.insert(analyticsEvents).values([
      { name: "expired", createdAt: ago((ANALYTICS_RETENTION_DAYS + 1) * DAY) },
      { name: "oldest-kept", createdAt: ago((ANALYTICS_RETENTION_DAYS - 1) * DAY) },
      { name: "older", createdAt: ago(10 * DAY) },
      { name: "recent", createdAt: ago(DAY) },
      { name: "newest", createdAt: ago(1_000) },
    ]);
    await database.insert(rateLimits).values([
      { key: "hk:long-over", windowStart: ago(2 * DAY), count: 3 },
      { key: "hk:today", windowStart: ago(3_600_000), count: 3 },
    ]);

    const result = await runHousekeeping({ claim: false, maxAnalyticsRows: 3 });

    expect(result).toMatchObject({ ran: true, analyticsDeleted: 2, rateLimitsDeleted: 1 });
    expect(await analyticsNames()).toEqual(["older", "recent", "newest"]);
    const keys = await database.execute(sql`select key from rate_limits where key like 'hk:%' order by key`);
    expect((keys as unknown as { rows: { key: string }[] }).rows.map((r) => r.key)).toEqual(["hk:today"]);
  });

  it("ends gateway sessions no client used for a day, and drops messages no instance took", async () => {
    const database = await db();
    await database.insert(users).values({ uid: "hk-gateway-owner", email: "hk@example.com", displayName: "HK" }).onConflictDoNothing();
    const [gateway] = await database.insert(gateways).values({ ownerUid: "hk-gateway-owner", name: "HK", slug: `hk-${Date.now()}` }).returning();
    const [idle, active] = await database
      .insert(gatewaySessions)
      .values([
        { gatewayId: gateway.id, protocolVersion: "2025-11-25", clientName: "idle", lastSeenAt: ago(2 * DAY) },
        { gatewayId: gateway.id, protocolVersion: "2025-11-25", clientName: "active", lastSeenAt: ago(60_000) },
      ])
      .returning();
    await database.insert(gatewayRelay).values([
      { sessionId: active.id, message: { old: true }, createdAt: ago(2 * 3_600_000) },
      { sessionId: active.id, message: { old: false } },
    ]);

    const result = await runHousekeeping({ claim: false });

    expect(result.gatewaySessionsDeleted).toBe(1);
    const left = await database.select({ id: gatewaySessions.id }).from(gatewaySessions).where(eq(gatewaySessions.gatewayId, gateway.id));
    expect(left.map((r) => r.id)).toEqual([active.id]);
    expect(idle.id).not.toBe(active.id);
    const relayed = await database.select({ message: gatewayRelay.message }).from(gatewayRelay).where(eq(gatewayRelay.sessionId, active.id));
    expect(relayed.map((r) => r.message)).toEqual([{ old: false }]);
  });

  it("forgets maintenance windows and paused alerts over for more than 90 days, and keeps the rest", async () => {
    const database = await db();
    await database.insert(users).values({ uid: "hk-maintenance-owner", email: "hk-m@example.com", displayName: "HK" }).onConflictDoNothing();
    const ownerUid = "hk-maintenance-owner";
    await database.insert(maintenanceWindows).values([
      { ownerUid, startsAt: ago(100 * DAY), endsAt: ago(99 * DAY), note: "long over" },
      { ownerUid, startsAt: ago(10 * DAY), endsAt: ago(9 * DAY), note: "recent" },
    ]);
    await database.insert(alertSilences).values([
      { ownerUid, reason: "resumed long ago", startsAt: ago(100 * DAY), endedAt: ago(95 * DAY) },
      { ownerUid, reason: "ran out long ago", startsAt: ago(100 * DAY), endsAt: ago(99 * DAY) },
      { ownerUid, reason: "until resumed", startsAt: ago(100 * DAY) },
    ]);

    await runHousekeeping({ claim: false });

    const windows = await database.select({ note: maintenanceWindows.note }).from(maintenanceWindows).where(eq(maintenanceWindows.ownerUid, ownerUid));
    expect(windows.map((w) => w.note)).toEqual(["recent"]);
    const pauses = await database.select({ reason: alertSilences.reason }).from(alertSilences).where(eq(alertSilences.ownerUid, ownerUid));
    expect(pauses.map((p) => p.reason)).toEqual(["until resumed"]);
  });

  it("forgets OAuth clients and metadata documents that no grant in force uses and nothing used lately, with their old grants", async () => {
    const database = await db();
    await database.insert(users).values({ uid: "hk-oauth-owner", email: "hk-o@example.com", displayName: "HK" }).onConflictDoNothing();
    const [gateway] = await database.insert(gateways).values({ ownerUid: "hk-oauth-owner", name: "HK OAuth", slug: `hk-oauth-${Date.now()}` }).returning();
    const old = ago((OAUTH_CLIENT_UNUSED_DAYS + 1) * DAY);
    const client = (clientId: string, kind: "registered" | "metadata_document", at: Date) => ({ clientId, kind, metadata: { redirect_uris: ["https://app.example/cb"] }, createdAt: at, fetchedAt: at });
    await database.insert(oauthClients).values([
      client("hk-never-allowed", "registered", old),
      client("https://agent.example/hk-old-document.json", "metadata_document", old),
      client("hk-revoked-long-ago", "registered", old),
      client("hk-in-force", "registered", old),
      client("hk-revoked-lately", "registered", old),
      client("hk-new", "registered", ago(DAY)),
      client("https://agent.example/hk-fresh-document.json", "metadata_document", ago(DAY)),
    ]);
    const grant = (clientId: string, revokedAt: Date | null) => ({ userUid: "hk-oauth-owner", clientId, gatewayId: gateway.id, createdAt: old, revokedAt });
    await database.insert(oauthGrants).values([grant("hk-revoked-long-ago", old), grant("hk-in-force", null), grant("hk-revoked-lately", ago(DAY))]);

    await runHousekeeping({ claim: false });

    const left = await database.select({ clientId: oauthClients.clientId }).from(oauthClients).where(like(oauthClients.clientId, "%hk-%"));
    expect(left.map((c) => c.clientId).sort()).toEqual(["hk-in-force", "hk-new", "hk-revoked-lately", "https://agent.example/hk-fresh-document.json"]);
    const grants = await database.select({ clientId: oauthGrants.clientId }).from(oauthGrants).where(eq(oauthGrants.gatewayId, gateway.id));
    expect(grants.map((g) => g.clientId).sort()).toEqual(["hk-in-force", "hk-revoked-lately"]);
  });

  it("runs once per period across instances", async () => {
    const first = await runHousekeeping();
    const second = await runHousekeeping();
    expect([first.ran, second.ran]).toEqual([true, false]);
  });
});
