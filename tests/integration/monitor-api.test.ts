import { GET as dashboardGET } from "@/app/api/dashboard/route";
import { POST as checkPOST } from "@/app/api/servers/[id]/check/route";
import { GET as checksExportGET } from "@/app/api/servers/[id]/checks/export/route";
import { GET as checksGET } from "@/app/api/servers/[id]/checks/route";
import { GET as incidentsExportGET } from "@/app/api/servers/[id]/incidents/export/route";
import { GET as incidentsGET } from "@/app/api/servers/[id]/incidents/route";
import { GET as latencyGET } from "@/app/api/servers/[id]/latency/route";
import { GET as serverGET, PATCH as serverPATCH } from "@/app/api/servers/[id]/route";
import { GET as uptimeGET } from "@/app/api/servers/[id]/uptime/route";
import { GET as listGET, POST as createPOST } from "@/app/api/servers/route";
import type { CheckDto } from "@/lib/monitoring/schema";
import type { ServerDto } from "@/lib/servers/schema";
import { describeEachDatabase } from "../support/databases";
import { call, type CallOptions } from "../support/http";
import { signedIn, type Session } from "../support/sign-in";
import { startRawMcpServer, type RawState } from "../support/raw-mcp-server";
import type { RunningServer } from "../support/mcp-server";

/** The monitoring API as a client sees it: checks, history, uptime, incidents, gates and limits. */

let raw: RunningServer;
const rawState: RawState = { methods: {}, tools: [{ name: "echo", description: "Echoes", inputSchema: { type: "object" } }] };

beforeAll(async () => {
  raw = await startRawMcpServer(rawState);
});
afterAll(() => raw.stop());

type Handler = Parameters<typeof call>[0];
const api = (handler: Handler, path: string, who: Session | null, opts: CallOptions = {}) =>
  call(handler, path, { ...opts, headers: { ...opts.headers, ...(who?.headers ?? {}) } });

let serial = 0;
async function newServer(who: Session, monitoring: Record<string, unknown> = { enabled: true, intervalSec: 900 }) {
  const res = await api(createPOST, "/api/servers", who, {
    body: { name: `Raw ${++serial}`, transport: "streamable-http", url: `${raw.origin}/mcp`, monitoring },
  });
  expect(res.status).toBe(201);
  return res.json as { id: string; name: string; monitoring: { thresholdMs: number } };
}

const checkNow = (who: Session, id: string) => api(checkPOST, `/api/servers/${id}/check`, who, { params: { id }, method: "POST" });

describeEachDatabase("monitoring API", () => {
  let pro: Session;
  let free: Session;
  let other: Session;

  beforeAll(async () => {
    [free, other] = await Promise.all([signedIn("free tier"), signedIn("pro")]);
  });
  // A user of their own for each test: "Check now" is limited per user and minute.
  beforeEach(async () => {
    rawState.methods = {};
    pro = await signedIn("pro");
  });

  it("checks now and returns the check and the status after it", async () => {
    const server = await newServer(pro);
    const res = await checkNow(pro, server.id);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      status: "up",
      check: {
        id: expect.any(String),
        dueAt: expect.any(String),
        startedAt: expect.any(String),
        trigger: "manual",
        result: "up",
        latencyMs: expect.any(Number),
        phases: { connectMs: expect.any(Number), initializeMs: expect.any(Number), pingMs: expect.any(Number), listMs: expect.any(Number) },
        failureKind: null,
        reason: null,
        toolCount: 1,
        toolsChanged: false,
      },
    });
    const after = await api(serverGET, `/api/servers/${server.id}`, pro, { params: { id: server.id } });
    expect(after.json).toMatchObject({ status: "up", lastCheckAt: res.json.check.startedAt, latencyMs: res.json.check.latencyMs });
  });

  it("reads uptime from what was recorded: the save's discovery and 3 checks of 4 answered is 80 %, with the latency percentiles", async () => {
    const server = await newServer(pro);
    for (const methods of [{}, {}, { initialize: "invalid" as const }, {}]) {
      rawState.methods = methods;
      expect((await checkNow(pro, server.id)).status).toBe(200);
    }
    const res = await api(uptimeGET, `/api/servers/${server.id}/uptime?window=24h`, pro, { params: { id: server.id } });
    expect(res.status).toBe(200);
    // Saving the server discovered it: that is its first check.
    expect(res.json).toMatchObject({ window: "24h", checks: 5, failed: 1, uptimePct: 80, incidents: 0 });
    const { p50, p95, p99 } = res.json.latency;
    expect(p50).toBeGreaterThan(0);
    expect(p50).toBeLessThanOrEqual(p95);
    expect(p95).toBeLessThanOrEqual(p99);
    expect(res.json.series).toHaveLength(24);
    const withChecks = res.json.series.filter((b: { checks: number }) => b.checks > 0);
    // Five checks in a few seconds: one hour, or two when they straddle the top of an hour.
    expect(withChecks.reduce((n: number, b: { checks: number }) => n + b.checks, 0)).toBe(5);
    expect(res.json.series.at(-1).end).toBe(res.json.to);
    expect(res.json.series[0].start).toBe(res.json.from);
    expect(res.json.series.filter((b: { uptimePct: number | null }) => b.uptimePct === null).length).toBeGreaterThanOrEqual(22);

    const week = await api(uptimeGET, `/api/servers/${server.id}/uptime?window=90d`, pro, { params: { id: server.id } });
    expect(week.json).toMatchObject({ window: "90d", checks: 5, failed: 1, uptimePct: 80 });
    expect(week.json.series).toHaveLength(90);
  });

  it("lists each server with its latest checks for the heartbeat bar, the day's uptime and where its status came from", async () => {
    const server = await newServer(pro);
    rawState.methods = { initialize: "invalid" };
    await checkNow(pro, server.id);
    rawState.methods = {};
    await checkNow(pro, server.id);
    const quiet = await newServer(pro, { enabled: false, intervalSec: 900 });

    const list = (await api(listGET, "/api/servers", pro)).json.servers as ServerDto[];
    const row = list.find((s) => s.id === server.id)!;
    // Oldest first, as the bar draws them: the discovery at save, a failed check, a good one.
    expect(row.pulse!.beats).toEqual([
      expect.objectContaining({ trigger: "discovery", result: "up", latencyMs: expect.any(Number), reason: null }),
      expect.objectContaining({ trigger: "manual", result: "failed", latencyMs: null, reason: expect.stringMatching(/\S/) }),
      expect.objectContaining({ trigger: "manual", result: "up", latencyMs: expect.any(Number) }),
    ]);
    expect(row.pulse!.beats.map((b) => Date.parse(b.at))).toEqual(row.pulse!.beats.map((b) => Date.parse(b.at)).sort((a, b) => a - b));
    expect(row.pulse!.uptime24hPct).toBe(66.67);
    // The status, its time and its source are the latest check's, the same as the history's first entry.
    const history = (await api(checksGET, `/api/servers/${server.id}/checks`, pro, { params: { id: server.id } })).json.checks as CheckDto[];
    expect(row).toMatchObject({ status: "up", lastCheckAt: history[0].startedAt, latencyMs: history[0].latencyMs, lastCheck: { trigger: "manual", result: "up", reason: null } });
    const detail = (await api(serverGET, `/api/servers/${server.id}`, pro, { params: { id: server.id } })).json;
    expect(detail.lastCheck).toEqual(row.lastCheck);
    // Turned off in the form: saved unmonitored, with the one check its discovery made.
    expect(list.find((s) => s.id === quiet.id)).toMatchObject({ monitoring: { enabled: false }, pulse: { beats: [expect.objectContaining({ trigger: "discovery" })] } });
  });

  it("exports the checks and incidents as CSV with the plan's dataExport, newest first", async () => {
    const server = await newServer(pro);
    rawState.methods = { initialize: "cut" };
    await checkNow(pro, server.id);
    await checkNow(pro, server.id);
    rawState.methods = {};
    await checkNow(pro, server.id);

    const checks = await api(checksExportGET, `/api/servers/${server.id}/checks/export`, pro, { params: { id: server.id } });
    expect(checks.status).toBe(200);
    expect(checks.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(checks.headers.get("content-disposition")).toMatch(/^attachment; filename="mcp-console-checks-raw-\d+-[\d-]+\.csv"$/);
    const lines = checks.text.trim().split("\n");
    expect(lines[0]).toBe("started_at,due_at,trigger,result,latency_ms,connect_ms,initialize_ms,ping_ms,list_ms,failure_kind,reason,tool_count,tools_changed");
    // Newest first: the recovery, two failures, the discovery at save.
    expect(lines.slice(1).map((l) => l.split(",").slice(2, 4).join(" "))).toEqual(["manual up", "manual failed", "manual failed", "discovery up"]);

    const incidents = await api(incidentsExportGET, `/api/servers/${server.id}/incidents/export`, pro, { params: { id: server.id } });
    const rows = incidents.text.trim().split("\n");
    expect(rows[0]).toBe("opened_at,closed_at,duration_sec,failure_kind,reason,failed_checks");
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(",closed,The server at ");
    expect(rows[1].endsWith(",2")).toBe(true);

    const refused = await api(checksExportGET, `/api/servers/${server.id}/checks/export`, free, { params: { id: server.id } });
    expect(refused.status).toBe(404);
    const own = await newServer(free);
    const gated = await api(incidentsExportGET, `/api/servers/${own.id}/incidents/export`, free, { params: { id: own.id } });
    expect(gated.status).toBe(403);
    expect(gated.json).toMatchObject({ error: "plan_required", feature: "dataExport" });
  });

  it("pages the check history newest first with a cursor, none repeated", async () => {
    const server = await newServer(pro);
    // The discovery at save and four checks by hand.
    for (let i = 0; i < 4; i++) await checkNow(pro, server.id);
    const first = await api(checksGET, `/api/servers/${server.id}/checks?limit=3`, pro, { params: { id: server.id } });
    expect(first.status).toBe(200);
    expect(first.json.checks).toHaveLength(3);
    expect(first.json.nextCursor).toEqual(expect.any(String));
    const second = await api(checksGET, `/api/servers/${server.id}/checks?limit=3&cursor=${first.json.nextCursor}`, pro, { params: { id: server.id } });
    expect(second.json.checks).toHaveLength(2);
    expect(second.json.nextCursor).toBeNull();
    const all: CheckDto[] = [...first.json.checks, ...second.json.checks];
    expect(new Set(all.map((c) => c.id)).size).toBe(5);
    const times = all.map((c) => Date.parse(c.dueAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("lists the incident a down server opened and its recovery closed, and the dashboard shows the fleet", async () => {
    const server = await newServer(pro);
    rawState.methods = { initialize: "cut" };
    expect((await checkNow(pro, server.id)).json.status).toBe("up");
    expect((await checkNow(pro, server.id)).json.status).toBe("down");

    const during = await api(dashboardGET, "/api/dashboard", pro);
    expect(during.json.fleet).toMatchObject({ openIncidents: 1, downNow: [{ id: server.id, name: server.name, since: expect.any(String) }] });
    expect(during.json.fleet.byStatus.down).toBe(1);

    rawState.methods = {};
    expect((await checkNow(pro, server.id)).json.status).toBe("up");
    const res = await api(incidentsGET, `/api/servers/${server.id}/incidents`, pro, { params: { id: server.id } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      incidents: [
        {
          id: expect.any(String),
          openedAt: expect.any(String),
          closedAt: expect.any(String),
          durationSec: expect.any(Number),
          failureKind: "closed",
          reason: `The server at ${raw.origin}/mcp closed the connection in the middle of its answer.`,
          failedChecks: 2,
        },
      ],
      nextCursor: null,
    });
    const week = await api(uptimeGET, `/api/servers/${server.id}/uptime?window=7d`, pro, { params: { id: server.id } });
    // With the discovery at save: 2 of 4 answered.
    expect(week.json).toMatchObject({ incidents: 1, checks: 4, failed: 2, uptimePct: 50 });

    const after = await api(dashboardGET, "/api/dashboard", pro);
    expect(after.json.fleet).toMatchObject({ openIncidents: 0, downNow: [] });
    expect(after.json.fleet.uptime24hPct).toEqual(expect.any(Number));
  });

  it("draws latency by range: every check for an hour, p50/p95 per period for a day and more, the incidents marked, the plan's ranges only", async () => {
    const server = await newServer(pro);
    rawState.methods = { initialize: "cut" };
    await checkNow(pro, server.id);
    await checkNow(pro, server.id);
    rawState.methods = {};
    await checkNow(pro, server.id);
    const latency = (who: Session, range: string) => api(latencyGET, `/api/servers/${server.id}/latency?range=${range}`, who, { params: { id: server.id } });

    const hour = await latency(pro, "1h");
    expect(hour.status).toBe(200);
    // One point per check, oldest first: the discovery at save, two failures (no latency), the recovery.
    expect(hour.json.checks.map((c: { result: string }) => c.result)).toEqual(["up", "failed", "failed", "up"]);
    expect(hour.json.checks.map((c: { latencyMs: number | null }) => c.latencyMs === null)).toEqual([false, true, true, false]);
    expect(hour.json.series).toEqual([]);
    expect(hour.json.incidents).toEqual([{ openedAt: expect.any(String), closedAt: expect.any(String) }]);
    expect(Date.parse(hour.json.to) - Date.parse(hour.json.from)).toBe(3_600_000);

    const day = await latency(pro, "24h");
    expect(day.json.checks).toEqual([]);
    expect(day.json.series).toHaveLength(24);
    const measured = day.json.series.filter((b: { latency: unknown }) => b.latency !== null);
    expect(measured.length).toBeGreaterThan(0);
    expect(measured[0].latency.p50).toBeLessThanOrEqual(measured[0].latency.p95);
    expect(day.json.incidents).toHaveLength(1);
    expect((await latency(pro, "30d")).json.series).toHaveLength(90);

    expect((await latency(pro, "1y")).status).toBe(400);
    expect((await latency(other, "1h")).status).toBe(404);
    const own = await newServer(free);
    const freeLatency = (range: string) => api(latencyGET, `/api/servers/${own.id}/latency?range=${range}`, free, { params: { id: own.id } });
    expect((await freeLatency("6h")).status).toBe(200);
    expect((await freeLatency("7d")).json).toMatchObject({ error: "plan_required", feature: "fullMonitoring" });
  });

  it("needs fullMonitoring for windows beyond 24 hours", async () => {
    const server = await newServer(free);
    await checkNow(free, server.id);
    const day = await api(uptimeGET, `/api/servers/${server.id}/uptime?window=24h`, free, { params: { id: server.id } });
    expect(day.status).toBe(200);
    // The discovery at save and the check by hand.
    expect(day.json.checks).toBe(2);
    for (const window of ["7d", "30d", "90d"]) {
      const res = await api(uptimeGET, `/api/servers/${server.id}/uptime?window=${window}`, free, { params: { id: server.id } });
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({ error: "plan_required", feature: "fullMonitoring" });
    }
  });

  it("answers 401 to strangers and 404 to other users, on every monitoring endpoint", async () => {
    const server = await newServer(pro);
    const id = server.id;
    const endpoints: [string, Handler, string, CallOptions][] = [
      ["POST check", checkPOST, `/api/servers/${id}/check`, { params: { id }, method: "POST" }],
      ["GET checks", checksGET, `/api/servers/${id}/checks`, { params: { id } }],
      ["GET uptime", uptimeGET, `/api/servers/${id}/uptime?window=7d`, { params: { id } }],
      ["GET incidents", incidentsGET, `/api/servers/${id}/incidents`, { params: { id } }],
    ];
    const matrix: Record<string, number[]> = {};
    for (const [label, handler, path, opts] of endpoints) {
      const stranger = await api(handler, path, other, opts);
      matrix[label] = [(await api(handler, path, null, opts)).status, stranger.status, (await api(handler, path, pro, opts)).status];
      expect(stranger.json).toEqual({ error: "not_found", message: "No server with this id." });
    }
    expect(matrix).toEqual({
      "POST check": [401, 404, 200],
      "GET checks": [401, 404, 200],
      "GET uptime": [401, 404, 200],
      "GET incidents": [401, 404, 200],
    });
    // The stranger's attempt ran no check: the history holds the discovery at save and the owner's check.
    const history = await api(checksGET, `/api/servers/${id}/checks`, pro, { params: { id } });
    expect(history.json.checks.map((c: CheckDto) => c.trigger)).toEqual(["manual", "discovery"]);
    expect((await api(checksGET, "/api/servers/not-a-uuid/checks", pro, { params: { id: "not-a-uuid" } })).status).toBe(404);
  });

  it("refuses bad queries with the field that is wrong", async () => {
    const { id } = await newServer(pro);
    const bad = async (handler: Handler, query: string) => {
      const res = await api(handler, `/api/servers/${id}/x?${query}`, pro, { params: { id } });
      expect(res.status).toBe(400);
      expect(res.json.error).toBe("validation_failed");
      return res.json;
    };
    expect((await bad(uptimeGET, "window=1y")).details).toEqual([expect.objectContaining({ path: "window" })]);
    expect((await bad(checksGET, "limit=0")).details).toEqual([expect.objectContaining({ path: "limit" })]);
    expect((await bad(incidentsGET, "limit=500")).details).toEqual([expect.objectContaining({ path: "limit" })]);
    expect((await bad(checksGET, "cursor=garbage")).message).toBe("The cursor is not valid. Start again from the first page.");
  });

  it("limits checks run by hand to 10 a minute per user", async () => {
    const me = pro;
    const { id } = await newServer(me);
    const statuses: number[] = [];
    // A fixed one-minute window: should it turn during the loop, the next one fills up within 11 more.
    for (let i = 0; i < 22 && !statuses.includes(429); i++) statuses.push((await checkNow(me, id)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses.at(-1)).toBe(429);
    const refused = await checkNow(me, id);
    expect(refused.status).toBe(429);
    expect(refused.json.error).toBe("rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another user is not held back by it.
    expect((await checkNow(other, (await newServer(other)).id)).status).toBe(200);
  });

  it("keeps a degraded threshold per server: set on create, changed by PATCH, within bounds", async () => {
    const created = await newServer(pro, { enabled: true, intervalSec: 300, thresholdMs: 750 });
    expect(created.monitoring).toEqual({ enabled: true, intervalSec: 300, thresholdMs: 750 });
    const defaulted = await newServer(pro);
    expect(defaulted.monitoring.thresholdMs).toBe(2000);

    const patch = (monitoring: Record<string, unknown>) =>
      api(serverPATCH, `/api/servers/${created.id}`, pro, { params: { id: created.id }, method: "PATCH", body: { monitoring } });
    const tooLow = await patch({ enabled: true, intervalSec: 300, thresholdMs: 50 });
    expect(tooLow.status).toBe(400);
    expect(tooLow.json.details).toEqual([{ path: "monitoring.thresholdMs", message: "The threshold is at least 100 ms." }]);
    expect((await patch({ enabled: true, intervalSec: 300, thresholdMs: 60_001 })).status).toBe(400);

    const changed = await patch({ enabled: true, intervalSec: 300, thresholdMs: 5_000 });
    expect(changed.status).toBe(200);
    expect(changed.json.monitoring).toEqual({ enabled: true, intervalSec: 300, thresholdMs: 5_000 });
    // A form that does not show the threshold leaves it as it was.
    const kept = await patch({ enabled: false, intervalSec: 300 });
    expect(kept.json.monitoring).toEqual({ enabled: false, intervalSec: 300, thresholdMs: 5_000 });
  });

  it("checks a paused server by hand without resuming it, and starts counting failures afresh on resume", async () => {
    const { id } = await newServer(pro);
    const pause = (paused: boolean) => api(serverPATCH, `/api/servers/${id}`, pro, { params: { id }, method: "PATCH", body: { paused } });
    rawState.methods = { initialize: "invalid" };
    expect((await checkNow(pro, id)).json.status).toBe("up");
    await pause(true);
    for (let i = 0; i < 2; i++) {
      const res = await checkNow(pro, id);
      expect(res.json).toMatchObject({ status: "paused", check: { result: "failed", failureKind: "protocol" } });
    }
    expect((await api(incidentsGET, `/api/servers/${id}/incidents`, pro, { params: { id } })).json.incidents).toEqual([]);

    expect((await pause(false)).json.status).toBe("unknown");
    // The failure before the pause is forgotten: the next one shows the server down (its status was unknown), but is
    // not yet an incident; the second in a row is.
    expect((await checkNow(pro, id)).json.status).toBe("down");
    expect((await api(incidentsGET, `/api/servers/${id}/incidents`, pro, { params: { id } })).json.incidents).toEqual([]);
    expect((await checkNow(pro, id)).json.status).toBe("down");
    expect((await api(incidentsGET, `/api/servers/${id}/incidents`, pro, { params: { id } })).json.incidents).toHaveLength(1);
  });
});
