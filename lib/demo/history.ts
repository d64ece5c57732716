import "server-only";
import { and, eq, isNull, notInArray, or, sql } from "drizzle-orm";
import { db } from "../db";
import { activityEvents, incidents, maintenanceWindows, maintenanceWindowServers, scanBaselines, workbenchCalls } from "../db/schema";
import { recordCheck } from "../monitoring/record";
import type { CheckOutcome } from "../monitoring/check";
import type { CheckFailureKind } from "../monitoring/failure";
import type { ServerState } from "../monitoring/write-check";
import type { PlanHolder } from "../plans/holder";
import { pinBaseline, scanNow } from "../scanner/service";
import { addStatusPage } from "../status-pages/service";

/**
 * What a demo visitor finds in their account: the history a server of
 * theirs would have after two weeks. Checks go through monitoring's own
 * recording (so statuses, incidents, rollups and the activity log follow as
 * they would), a scan with a rug pull (the baseline approved a tool that has
 * changed since), maintenance past and to come, a public status page and a
 * few workbench calls. The activity log tells the same story at the same
 * times: the server added when its history begins, each outage when it
 * opened and closed, the baseline when it was approved.
 */

const DAYS = 14;
const HOUR_MS = 3_600_000;
/** Outages, as hours before now and how many hourly checks failed. */
const OUTAGES: { hoursAgo: number; checks: number; kind: CheckFailureKind; reason: string }[] = [
  { hoursAgo: 24 * 10 + 3, checks: 3, kind: "timeout", reason: "The server did not answer within 10 s (the connection was open, but initialize got no reply)." },
  { hoursAgo: 24 * 4 + 7, checks: 2, kind: "refused", reason: "Could not connect to the server: the connection was refused." },
  { hoursAgo: 26, checks: 2, kind: "http", reason: "The server answered HTTP 502 Bad Gateway." },
];

/** A deterministic wobble, so that two visitors see the same shape of chart. */
const wobble = (i: number) => Math.round(45 + 25 * Math.sin(i / 5) + 15 * Math.sin(i / 1.7) + (i % 24 === 14 ? 120 : 0));

function outcomeAt(i: number, startedAt: Date, hoursAgo: number, toolCount: number | null): CheckOutcome {
  const outage = OUTAGES.find((o) => hoursAgo <= o.hoursAgo && hoursAgo > o.hoursAgo - o.checks);
  if (outage) {
    return { result: "failed", startedAt, latencyMs: null, phases: { connectMs: null, initializeMs: null, pingMs: null, listMs: null }, failure: { kind: outage.kind, reason: outage.reason }, toolCount: null, toolsHash: null };
  }
  const latencyMs = wobble(i);
  const connectMs = Math.round(latencyMs * 0.2);
  const initializeMs = Math.round(latencyMs * 0.5);
  return { result: "up", startedAt, latencyMs, phases: { connectMs, initializeMs, pingMs: latencyMs - connectMs - initializeMs, listMs: Math.round(latencyMs * 0.4) }, failure: null, toolCount, toolsHash: null };
}

/** The first check of the history, on the hour. */
const historyStart = (now: number) => Math.floor(now / HOUR_MS) * HOUR_MS - DAYS * 24 * HOUR_MS;

/** Runs `step` and dates the activity events it recorded at `at`, rather than the second the history was written in. */
async function recordedAt(uid: string, at: Date, step: () => Promise<unknown>) {
  const d = await db();
  const before = await d.select({ id: activityEvents.id }).from(activityEvents).where(eq(activityEvents.userUid, uid));
  await step();
  await d
    .update(activityEvents)
    .set({ createdAt: at })
    .where(and(eq(activityEvents.userUid, uid), notInArray(activityEvents.id, before.map((e) => e.id))));
}

/** What the server's saving recorded (added, discovered, its first scan) dates from when its history begins. */
async function dateServerAdded(uid: string, serverId: string, start: Date) {
  await (await db())
    .update(activityEvents)
    .set({ createdAt: start })
    .where(and(eq(activityEvents.userUid, uid), eq(activityEvents.targetId, serverId)));
}

/** Each outage's events date from when it opened and closed. */
async function dateOutages(uid: string, serverId: string) {
  await (await db()).execute(sql`update activity_events a
                         set created_at = case a.action when 'monitor.down' then i.opened_at else i.closed_at end
                        from incidents i
                       where a.user_uid = ${uid} and a.action in ('monitor.down', 'monitor.recovered')
                         and i.server_id = ${serverId} and i.id::text = a.metadata->>'incidentId'
                         and (a.action = 'monitor.down' or i.closed_at is not null)`);
}

async function seedChecks(serverId: string, toolCount: number | null) {
  const now = Date.now();
  const first = historyStart(now);
  // Each check is given the state the one before left (as the scheduler gives the state its claim
  // read): a check that changes no incident is then one statement rather than a locking transaction,
  // for the 336 the visitor waits for. The first reads the server's row; a state that proves stale
  // only sends that check the locking way.
  let known: ServerState | undefined;
  for (let i = 0, at = first; at < now - HOUR_MS; i++, at += HOUR_MS) {
    const startedAt = new Date(at);
    const hoursAgo = Math.round((now - at) / HOUR_MS);
    const recorded = await recordCheck({ serverId, dueAt: startedAt, trigger: "schedule", instance: "demo-history", outcome: outcomeAt(i, startedAt, hoursAgo, toolCount), known });
    known = recorded?.state;
  }
  const d = await db();
  // The history is written after the discovery made at save, but is older: the server's last check stays that discovery.
  await d.execute(sql`update servers s set last_check_at = c.started_at, latency_ms = c.latency_ms,
                              status = (case c.result when 'failed' then 'down' else c.result::text end)::server_status
                        from (select started_at, latency_ms, result from monitor_checks where server_id = ${serverId} order by due_at desc limit 1) c
                       where s.id = ${serverId}`);
  // The past's alerts were never due: the visitor was not there.
  const past = new Date();
  await d
    .update(incidents)
    .set({ openedNotifiedAt: past, closedNotifiedAt: past })
    .where(and(eq(incidents.serverId, serverId), or(isNull(incidents.openedNotifiedAt), isNull(incidents.closedNotifiedAt))));
}

/** A scan that finds the demo's `echo` tool changed since its approval: a rug pull, as the scanner reports one. */
async function seedScan(user: PlanHolder, serverId: string) {
  const pinnedAt = new Date(Date.now() - 9 * 24 * HOUR_MS);
  await recordedAt(user.uid, pinnedAt, () => pinBaseline(user, serverId));
  const d = await db();
  const [baseline] = await d.select().from(scanBaselines).where(eq(scanBaselines.serverId, serverId));
  if (!baseline) return;
  const items = baseline.items.map((item) =>
    item.kind === "tool" && item.key === "echo"
      ? { ...item, hash: `${item.hash.slice(0, -8)}00000000`, definition: { ...item.definition, description: "Echoes back the input." } }
      : item,
  );
  await d.update(scanBaselines).set({ items, pinnedAt }).where(eq(scanBaselines.serverId, serverId));
  await scanNow(user, serverId);
}

async function seedWorkbench(uid: string, serverId: string) {
  const now = Date.now();
  await (await db()).insert(workbenchCalls).values([
    { userUid: uid, serverId, method: "tools/call", target: "echo", params: { message: "Hello from the demo" }, ok: true, durationMs: 38, summary: "echo → Echo: Hello from the demo", result: { content: [{ type: "text", text: "Echo: Hello from the demo" }] }, createdAt: new Date(now - 3 * HOUR_MS) },
    { userUid: uid, serverId, method: "tools/call", target: "get-sum", params: { a: 19, b: 23 }, ok: true, durationMs: 41, summary: "get-sum → The sum of 19 and 23 is 42.", result: { content: [{ type: "text", text: "The sum of 19 and 23 is 42." }] }, createdAt: new Date(now - 2 * HOUR_MS) },
    { userUid: uid, serverId, method: "resources/read", target: "demo://resource/static/document/architecture.md", params: {}, ok: true, durationMs: 22, summary: "Read architecture.md", result: null, createdAt: new Date(now - HOUR_MS) },
    { userUid: uid, serverId, method: "ping", target: null, params: {}, ok: true, durationMs: 9, summary: "pong", result: {}, createdAt: new Date(now - 30 * 60_000) },
  ]);
}

/** Maintenance done last week and some to come, as the status page and the Monitoring tab show them (none falls within the visit). */
async function seedMaintenance(uid: string, serverId: string) {
  const hour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
  const windows = await (await db())
    .insert(maintenanceWindows)
    .values([
      { ownerUid: uid, startsAt: new Date(hour - 6 * 24 * HOUR_MS), endsAt: new Date(hour - 6 * 24 * HOUR_MS + 1.5 * HOUR_MS), note: "Moved the server to a new host." },
      { ownerUid: uid, startsAt: new Date(hour + 3 * 24 * HOUR_MS), endsAt: new Date(hour + 3 * 24 * HOUR_MS + HOUR_MS), note: "Certificate renewal." },
    ])
    .returning({ id: maintenanceWindows.id });
  await (await db()).insert(maintenanceWindowServers).values(windows.map((w) => ({ windowId: w.id, serverId })));
}

export async function seedDemoHistory(user: PlanHolder, serverId: string, toolCount: number | null): Promise<void> {
  const start = new Date(historyStart(Date.now()));
  // Before anything else is recorded: all there is yet is the server's saving.
  await dateServerAdded(user.uid, serverId, start);
  await seedMaintenance(user.uid, serverId);
  await seedChecks(serverId, toolCount);
  await dateOutages(user.uid, serverId);
  await seedScan(user, serverId);
  await recordedAt(user.uid, start, () => addStatusPage(user.uid, { slug: `demo-${user.uid.slice(-8).toLowerCase()}`, title: "Demo status", serverIds: [serverId], showUrls: false, published: true }));
  await seedWorkbench(user.uid, serverId);
}
