import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { GET as activityGET } from "@/app/api/activity/route";
import { GET as detailsGET } from "@/app/api/activity/[id]/route";
import { db } from "@/lib/db";
import { activityEvents, gateways, servers } from "@/lib/db/schema";
import { describeEachDatabase } from "../support/databases";
import { call } from "../support/http";
import { signIn as signInWith } from "../support/sign-in";

const signIn = () => signInWith({ emailPrefix: "activity" });

/** Events at chosen instants (newest first in `ms` order), so pagination has something to chew on. */
async function insertEvents(uid: string, rows: { action?: string; at: Date; summary?: string; target?: { type: string; id: string }; metadata?: Record<string, unknown> }[]) {
  if (!rows.length) return [];
  return (await db())
    .insert(activityEvents)
    .values(
      rows.map((r, i) => ({
        userUid: uid,
        action: r.action ?? "server.tested",
        summary: r.summary ?? `event ${i}`,
        targetType: r.target?.type ?? null,
        targetId: r.target?.id ?? null,
        metadata: r.metadata ?? { i },
        ip: "203.0.113.9",
        userAgent: "jest",
        createdAt: r.at,
      })),
    )
    .returning({ id: activityEvents.id });
}

async function pageThrough(cookie: string, query = "", limit = 7, between?: () => Promise<void>) {
  const seen: { id: string; createdAt: string }[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 200; i++) {
    const qs = new URLSearchParams(query);
    qs.set("limit", String(limit));
    if (cursor) qs.set("cursor", cursor);
    const res = await call(activityGET, `/api/activity?${qs}`, { cookie });
    expect(res.status).toBe(200);
    seen.push(...res.json.events);
    cursor = res.json.nextCursor;
    if (!cursor) break;
    if (between) await between();
  }
  return seen;
}

describeEachDatabase("GET /api/activity", () => {
  it("lists the user's events newest first, with summary, time and target", async () => {
    const u = await signIn();
    const base = Date.now() - 60_000;
    await insertEvents(u.uid, [
      { at: new Date(base + 1000), summary: "older" },
      { at: new Date(base + 2000), summary: "newer", action: "settings.updated" },
    ]);
    const res = await call(activityGET, "/api/activity", { cookie: u.cookie });
    expect(res.status).toBe(200);
    expect(res.json.events.map((e: any) => e.summary)).toEqual([expect.stringMatching(/^Signed in/), "newer", "older"]);
    expect(res.json.events[1]).toEqual({ id: expect.any(String), action: "settings.updated", summary: "newer", createdAt: expect.stringMatching(/Z$/), target: null });
    expect(res.json.nextCursor).toBeNull();
    // Details are not in the list: they come on demand.
    expect(res.json.events[1].metadata).toBeUndefined();
  });

  it("never shows another user's events", async () => {
    const a = await signIn();
    const b = await signIn();
    await insertEvents(a.uid, [{ at: new Date(), summary: "a's secret event" }]);
    const res = await call(activityGET, "/api/activity", { cookie: b.cookie });
    expect(res.json.events.map((e: any) => e.summary)).not.toContain("a's secret event");
    expect(res.json.events).toHaveLength(1);
  });

  it("filters by action, by server (target or metadata) and by time range", async () => {
    const u = await signIn();
    const serverId = randomUUID();
    const t0 = Date.parse("2024-03-01T00:00:00Z");
    await insertEvents(u.uid, [
      { at: new Date(t0), action: "server.created", target: { type: "server", id: serverId }, summary: "created" },
      { at: new Date(t0 + 3600_000), action: "workbench.call", metadata: { serverId, tool: "echo" }, summary: "called" },
      { at: new Date(t0 + 7200_000), action: "workbench.call", metadata: { serverId: randomUUID() }, summary: "other server" },
      { at: new Date(t0 + 86_400_000), action: "settings.updated", summary: "next day" },
    ]);
    const summaries = async (qs: string) => (await call(activityGET, `/api/activity?${qs}`, { cookie: u.cookie })).json.events.map((e: any) => e.summary);
    expect(await summaries("action=workbench.call")).toEqual(["other server", "called"]);
    expect(await summaries(`serverId=${serverId}`)).toEqual(["called", "created"]);
    expect(await summaries(`from=2024-03-01T00:30:00Z&to=2024-03-02T00:00:00Z`)).toEqual(["other server", "called"]);
    expect(await summaries(`from=2024-03-01T00:00:00Z&to=2024-03-01T00:00:00.001Z`)).toEqual(["created"]);
    expect(await summaries(`action=workbench.call&serverId=${serverId}&from=2024-03-01T00:00:00Z`)).toEqual(["called"]);
    expect(await summaries("action=&serverId=")).toHaveLength(5);
  });

  it("rejects malformed filters and cursors with validation errors", async () => {
    const u = await signIn();
    for (const qs of ["action=server.exploded", "serverId=nope", "from=yesterday", "from=2024-03-02T00:00:00Z&to=2024-03-01T00:00:00Z", "limit=0", "limit=101"]) {
      const res = await call(activityGET, `/api/activity?${qs}`, { cookie: u.cookie });
      expect(res.status).toBe(400);
      expect(res.json.error).toBe("validation_failed");
    }
    const bad = await call(activityGET, "/api/activity?cursor=not-a-cursor", { cookie: u.cookie });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/cursor/i);
  });

  it("pages with a cursor that is stable under concurrent inserts: no row twice, none missed", async () => {
    const u = await signIn();
    const base = Date.now() - 3600_000;
    // 40 distinct instants plus 25 events sharing one instant: ties are broken by id.
    const tied = new Date(base + 20_500);
    await insertEvents(u.uid, [
      ...Array.from({ length: 40 }, (_, i) => ({ at: new Date(base + i * 1000) })),
      ...Array.from({ length: 25 }, () => ({ at: tied })),
    ]);
    const before = await (await db()).select({ id: activityEvents.id }).from(activityEvents).where(eq(activityEvents.userUid, u.uid));
    expect(before).toHaveLength(66);

    let inserted = 0;
    const seen = await pageThrough(u.cookie, "", 7, async () => {
      // New events arrive between and during page reads.
      inserted += 3;
      await Promise.all([
        insertEvents(u.uid, [{ at: new Date(), summary: "concurrent" }]),
        insertEvents(u.uid, [{ at: new Date(), summary: "concurrent" }, { at: new Date(), summary: "concurrent" }]),
      ]);
    });
    const ids = seen.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(new Set(before.map((r) => r.id)));
    expect(inserted).toBeGreaterThan(20);
    // Newest first all the way down.
    const times = seen.map((e) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // And the new events are there for whoever starts again from the top.
    const fresh = await call(activityGET, "/api/activity?limit=3", { cookie: u.cookie });
    expect(fresh.json.events.map((e: any) => e.summary)).toEqual(["concurrent", "concurrent", "concurrent"]);
  });

  it("keeps microsecond order: events a microsecond apart are neither skipped nor repeated", async () => {
    const u = await signIn();
    const d = await db();
    await d.execute(sql`
      insert into activity_events (user_uid, action, summary, created_at)
      select ${u.uid}, 'server.tested', 'us ' || g, timestamptz '2024-05-01 12:00:00.000000+00' + (g || ' microseconds')::interval
      from generate_series(1, 30) g`);
    const seen = await pageThrough(u.cookie, "to=2024-05-02T00:00:00Z", 4);
    expect(seen.map((e) => (e as any).summary)).toEqual(Array.from({ length: 30 }, (_, i) => `us ${30 - i}`));
    expect(seen[0].createdAt).toBe("2024-05-01T12:00:00.000030Z");
  });

  it("links a target to the user's server or gateway while it exists", async () => {
    const u = await signIn();
    const [server] = await (await db())
      .insert(servers)
      .values({ ownerUid: u.uid, name: "Alpha", transport: "streamable-http", url: "http://127.0.0.1:1/mcp" })
      .returning({ id: servers.id });
    const [gateway] = await (await db()).insert(gateways).values({ ownerUid: u.uid, name: "Agents", slug: `agents-${randomUUID().slice(0, 8)}` }).returning({ id: gateways.id });
    const gone = randomUUID();
    await insertEvents(u.uid, [
      { at: new Date(Date.now() - 2500), target: { type: "gateway", id: gateway.id }, summary: "gateway" },
      { at: new Date(Date.now() - 2200), target: { type: "gateway", id: gone }, summary: "deleted gateway" },
      { at: new Date(Date.now() - 2000), target: { type: "server", id: gone }, summary: "deleted one" },
      { at: new Date(Date.now() - 1000), target: { type: "server", id: server.id }, summary: "live one" },
      { at: new Date(Date.now() - 500), target: { type: "ticket", id: "7a1b4c2e-0000-4000-8000-000000000000" }, summary: "ticket" },
    ]);
    const res = await call(activityGET, "/api/activity?action=server.tested", { cookie: u.cookie });
    const byName = Object.fromEntries(res.json.events.map((e: any) => [e.summary, e.target]));
    expect(byName["live one"]).toEqual({ type: "server", id: server.id, label: "Alpha", href: `/servers/${server.id}` });
    expect(byName["deleted one"]).toEqual({ type: "server", id: gone, label: null, href: null });
    expect(byName.ticket.href).toBe("/support?ticket=7a1b4c2e-0000-4000-8000-000000000000");
    expect(byName.gateway).toEqual({ type: "gateway", id: gateway.id, label: "Agents", href: `/gateways/${gateway.id}` });
    expect(byName["deleted gateway"]).toEqual({ type: "gateway", id: gone, label: null, href: null });
  });
});

describeEachDatabase("GET /api/activity/{id}", () => {
  it("returns the details of the user's own event, and 404 for anyone else's", async () => {
    const a = await signIn();
    const b = await signIn();
    const [event] = await insertEvents(a.uid, [{ at: new Date(), metadata: { tool: "echo", args: { text: "hi" } } }]);
    const own = await call(detailsGET, `/api/activity/${event.id}`, { cookie: a.cookie, params: { id: event.id } });
    expect(own.status).toBe(200);
    expect(own.json).toEqual({ id: event.id, metadata: { tool: "echo", args: { text: "hi" } }, ip: "203.0.113.9", userAgent: "jest" });
    const other = await call(detailsGET, `/api/activity/${event.id}`, { cookie: b.cookie, params: { id: event.id } });
    expect(other.status).toBe(404);
    expect(other.json.error).toBe("not_found");
    const anonymous = await call(detailsGET, `/api/activity/${event.id}`, { params: { id: event.id } });
    expect(anonymous.status).toBe(401);
    const anonymousList = await call(activityGET, "/api/activity");
    expect(anonymousList.status).toBe(401);
  });
});
