import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { and, eq, sql } from "drizzle-orm";
import { parse } from "csv-parse/sync";
import { GET as exportGET } from "@/app/api/activity/export/route";
import { db } from "@/lib/db";
import { activityEvents } from "@/lib/db/schema";
import { describeEachDatabase } from "../support/databases";
import { call, ORIGIN } from "../support/http";
import { signIn as signInWith } from "../support/sign-in";
import { NextRequest } from "next/server";

const signIn = (plan: "free tier" | "pro" = "pro", planExpiresAt: Date | null = null) => signInWith({ emailPrefix: "export", plan, planExpiresAt });

// A forced collection, so that heap figures show what is retained rather than garbage not yet collected.
v8.setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

async function seed(uid: string) {
  await (await db()).insert(activityEvents).values([
    { userUid: uid, action: "server.created", summary: "Created server Alpha", targetType: "server", targetId: "11111111-1111-4111-8111-111111111111", metadata: { name: "Alpha" }, createdAt: new Date("2024-01-01T10:00:00Z") },
    { userUid: uid, action: "workbench.call", summary: '=HYPERLINK("http://evil.example","click"), with "quotes"', metadata: { tool: "echo", args: { text: "a,b\nc" } }, createdAt: new Date("2024-01-02T10:00:00Z") },
  ]);
}

describeEachDatabase("GET /api/activity/export", () => {
  it("refuses the free tier with plan_required (dataExport) and records nothing", async () => {
    const u = await signIn("free tier");
    const res = await call(exportGET, "/api/activity/export?format=csv", { cookie: u.cookie });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ error: "plan_required", feature: "dataExport" });
    const events = await (await db()).select().from(activityEvents).where(eq(activityEvents.userUid, u.uid));
    expect(events.map((e) => e.action)).toEqual(["auth.sign_in"]);
  });

  it("refuses a paid plan past its expiry", async () => {
    const u = await signIn("pro", new Date(Date.now() - 1000));
    const res = await call(exportGET, "/api/activity/export?format=json", { cookie: u.cookie });
    expect(res.status).toBe(403);
    expect(res.json.feature).toBe("dataExport");
  });

  it("exports CSV as an attachment with a dated file name, formulas neutralised, and records export.downloaded", async () => {
    const u = await signIn();
    await seed(u.uid);
    const res = await call(exportGET, "/api/activity/export?format=csv&to=2024-12-31T00:00:00Z", { cookie: u.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="mcp-console-activity-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse(res.text, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.action)).toEqual(["workbench.call", "server.created"]);
    expect(Object.keys(rows[0])).toEqual(["id", "createdAt", "action", "summary", "targetType", "targetId", "ip", "userAgent", "metadata"]);
    expect(rows[0].summary).toBe(`'=HYPERLINK("http://evil.example","click"), with "quotes"`);
    expect(JSON.parse(rows[0].metadata)).toEqual({ tool: "echo", args: { text: "a,b\nc" } });
    expect(rows[1]).toMatchObject({ createdAt: "2024-01-01T10:00:00.000000Z", targetType: "server", targetId: "11111111-1111-4111-8111-111111111111" });

    const [event] = await (await db()).select().from(activityEvents).where(and(eq(activityEvents.action, "export.downloaded"), eq(activityEvents.userUid, u.uid)));
    expect(event).toMatchObject({ summary: "Exported 2 events of the activity log as CSV", metadata: { format: "csv", filters: { to: "2024-12-31T00:00:00Z" }, events: 2 } });
  });

  it("exports JSON with the same filters as the log", async () => {
    const u = await signIn();
    await seed(u.uid);
    const res = await call(exportGET, "/api/activity/export?format=json&action=server.created", { cookie: u.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/filename="mcp-console-activity-\d{4}-\d{2}-\d{2}\.json"/);
    const events = JSON.parse(res.text);
    expect(events).toEqual([
      {
        id: expect.any(String),
        createdAt: "2024-01-01T10:00:00.000000Z",
        action: "server.created",
        summary: "Created server Alpha",
        targetType: "server",
        targetId: "11111111-1111-4111-8111-111111111111",
        ip: null,
        userAgent: null,
        metadata: { name: "Alpha" },
      },
    ]);
    const empty = await call(exportGET, "/api/activity/export?format=json&action=monitor.down", { cookie: u.cookie });
    expect(JSON.parse(empty.text)).toEqual([]);
    const emptyCsv = await call(exportGET, "/api/activity/export?format=csv&action=monitor.down", { cookie: u.cookie });
    expect(emptyCsv.text.trim()).toBe("id,createdAt,action,summary,targetType,targetId,ip,userAgent,metadata");
  });

  it("validates the format and never exports another user's events", async () => {
    const a = await signIn();
    const b = await signIn();
    await seed(a.uid);
    expect((await call(exportGET, "/api/activity/export?format=xml", { cookie: b.cookie })).status).toBe(400);
    const res = await call(exportGET, "/api/activity/export?format=json", { cookie: b.cookie });
    const actions = JSON.parse(res.text).map((e: { action: string }) => e.action);
    // The export is recorded once it is complete, so it is not in its own file.
    expect(actions).toEqual(["auth.sign_in"]);
    expect((await call(exportGET, "/api/activity/export?format=json")).status).toBe(401);
  });

  it("streams 100,000 events in bounded memory", async () => {
    const u = await signIn();
    const N = 100_000;
    await (await db()).execute(sql`
      insert into activity_events (user_uid, action, summary, target_type, target_id, metadata, ip, user_agent, created_at)
      select ${u.uid}, 'workbench.call', 'Called tool echo on server Alpha (#' || g || ')', 'server', '11111111-1111-4111-8111-111111111111',
             jsonb_build_object('tool', 'echo', 'serverId', '11111111-1111-4111-8111-111111111111', 'args', jsonb_build_object('text', repeat('x', 40), 'n', g)),
             '203.0.113.7', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
             now() - interval '1 day' - (g || ' milliseconds')::interval
      from generate_series(1, ${N}) g`);

    for (const format of ["csv", "json"] as const) {
      collectGarbage();
      const baseline = process.memoryUsage();
      let peakRss = baseline.rss;
      let peakRetained = baseline.heapUsed;
      const timer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 5);
      const started = performance.now();
      const req = new NextRequest(`${ORIGIN}/api/activity/export?format=${format}`, { headers: { cookie: u.cookie } });
      const res = await exportGET(req);
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      let bytes = 0;
      let newlines = 0;
      // Time spent on the test's own forced collections, left out of the throughput.
      let measuring = 0;
      for (let chunk = 1; ; chunk++) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
        for (let at = value.indexOf(10); at !== -1; at = value.indexOf(10, at + 1)) newlines++;
        // What the export still holds after a collection: it must not grow with the events read so far.
        if (chunk % 10 === 0) {
          const gcStarted = performance.now();
          collectGarbage();
          peakRetained = Math.max(peakRetained, process.memoryUsage().heapUsed);
          measuring += performance.now() - gcStarted;
        }
      }
      const seconds = (performance.now() - started - measuring) / 1000;
      clearInterval(timer);
      // CSV: a header line, then one line per event; JSON: "[" and "]" lines around them.
      const events = format === "csv" ? newlines - 1 : newlines - 2;
      expect(events).toBeGreaterThanOrEqual(N + 1);
      const mib = (n: number) => n / 2 ** 20;
      console.log(
        `export ${format}: ${events} events, ${mib(bytes).toFixed(1)} MiB in ${seconds.toFixed(2)} s = ${Math.round(events / seconds)} events/s; ` +
          `peak RSS ${mib(peakRss).toFixed(0)} MiB (+${mib(peakRss - baseline.rss).toFixed(1)} MiB during the export), ` +
          `retained heap +${mib(peakRetained - baseline.heapUsed).toFixed(1)} MiB`,
      );
      // Constant memory: what stays alive is about one page, far below the file's size.
      expect(mib(peakRetained - baseline.heapUsed)).toBeLessThan(8);
      expect(mib(bytes)).toBeGreaterThan(30);
    }

    // A download given up after its first chunk is not recorded as one.
    const abandoned = await exportGET(new NextRequest(`${ORIGIN}/api/activity/export?format=csv`, { headers: { cookie: u.cookie } }));
    const reader = abandoned.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    const downloads = await (await db()).select().from(activityEvents).where(and(eq(activityEvents.action, "export.downloaded"), eq(activityEvents.userUid, u.uid)));
    expect(downloads.map((d) => (d.metadata as { format: string }).format).sort()).toEqual(["csv", "json"]);
  }, 300_000);
});
