import { and, asc, eq } from "drizzle-orm";
import { GET as deliveriesGET } from "@/app/api/user/alerts/deliveries/route";
import { DELETE as silenceDELETE } from "@/app/api/user/alerts/silences/[id]/route";
import { GET as silencesGET, POST as silencesPOST } from "@/app/api/user/alerts/silences/route";
import { DELETE as maintenanceDELETE } from "@/app/api/maintenance/[id]/route";
import { GET as maintenanceGET, POST as maintenancePOST } from "@/app/api/maintenance/route";
import { runAlertStep } from "@/lib/alerts/dispatcher";
import type { AlertPayload } from "@/lib/alerts/schema";
import { secretContext } from "@/lib/crypto/contexts";
import { encrypt } from "@/lib/crypto/encryption";
import { db } from "@/lib/db";
import { activityEvents, incidents, servers, users } from "@/lib/db/schema";
import type { CheckOutcome } from "@/lib/monitoring/check";
import { recordCheck } from "@/lib/monitoring/record";
import { newSigningSecret } from "@/lib/webhooks/sign";
import { describeEachDatabase } from "../support/databases";
import { call, type CallOptions } from "../support/http";
import { signedIn, type Session } from "../support/sign-in";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

/**
 * Maintenance windows and paused alerts, through the API: a failing server
 * in a window opens no incident and alerts nobody, and does once the window
 * is over; a paused server's alert is recorded as not sent, and sent again
 * once resumed. Checks are recorded as the scheduler records them, at chosen
 * times; the dispatcher's clock is passed in.
 */

let hook: WebhookReceiver;
beforeAll(async () => {
  hook = await startWebhookReceiver();
});
afterAll(() => hook.close());

type Handler = Parameters<typeof call>[0];
const api = (handler: Handler, path: string, who: Session, opts: CallOptions = {}) => call(handler, path, { ...opts, headers: { ...opts.headers, ...who.headers } });

const MIN = 60_000;
const plus = (t: Date, ms: number) => new Date(t.getTime() + ms);

/** A pro user whose alerts go to the test's webhook receiver. */
async function owner(): Promise<Session> {
  const who = await signedIn("pro");
  await (await db())
    .update(users)
    .set({ emailAlerts: false, webhookUrl: hook.url, webhookSecretEnc: encrypt(newSigningSecret(), secretContext.webhookSecret(who.uid)) })
    .where(eq(users.uid, who.uid));
  return who;
}

let serial = 0;
async function server(who: Session) {
  const [row] = await (await db())
    .insert(servers)
    .values({ ownerUid: who.uid, name: `Payments ${++serial}`, transport: "streamable-http", url: "https://mcp.example.com/mcp", monitoringEnabled: true })
    .returning({ id: servers.id, name: servers.name });
  return row;
}

let due = Date.parse("2026-01-01T00:00:00Z");
const failed = (startedAt: Date): CheckOutcome => ({
  result: "failed",
  startedAt,
  latencyMs: null,
  phases: { connectMs: null, initializeMs: null, pingMs: null, listMs: null },
  failure: { kind: "refused", reason: "Could not connect to mcp.example.com: the connection was refused." },
  toolCount: null,
  toolsHash: null,
});
/** Two failed checks in a row at `at`: enough to call a server down. */
async function failTwice(serverId: string, at: Date) {
  for (const t of [at, plus(at, 1_000)]) {
    await recordCheck({ serverId, dueAt: new Date((due += MIN)), trigger: "schedule", instance: "test", outcome: failed(t) });
  }
}
async function recover(serverId: string, at: Date) {
  await recordCheck({ serverId, dueAt: new Date((due += MIN)), trigger: "schedule", instance: "test", outcome: { ...failed(at), result: "up", latencyMs: 20, failure: null } });
}

const incidentsOf = async (serverId: string) => (await db()).select().from(incidents).where(eq(incidents.serverId, serverId)).orderBy(asc(incidents.openedAt));
const alertsFor = (serverId: string) => hook.received.map((h) => JSON.parse(h.body) as AlertPayload).filter((p) => p.server?.id === serverId);
const activity = async (uid: string, action: string) =>
  (await db()).select().from(activityEvents).where(and(eq(activityEvents.userUid, uid), eq(activityEvents.action, action)));

describeEachDatabase("maintenance and paused alerts", () => {
  it("a failing server in a maintenance window opens no incident and sends no alert; after the window it does", async () => {
    const who = await owner();
    const s = await server(who);
    const now = new Date();
    const scheduled = await api(maintenancePOST, "/api/maintenance", who, {
      body: { startsAt: plus(now, -MIN).toISOString(), endsAt: plus(now, 60 * MIN).toISOString(), serverIds: [s.id], note: "Database upgrade" },
    });
    expect(scheduled.status).toBe(201);
    expect(scheduled.json).toMatchObject({ note: "Database upgrade", servers: [{ id: s.id, name: s.name }] });

    await failTwice(s.id, plus(now, MIN));
    await failTwice(s.id, plus(now, 2 * MIN));
    expect(await incidentsOf(s.id)).toHaveLength(0);
    await runAlertStep({ now: plus(now, 3 * MIN) });
    expect(alertsFor(s.id)).toHaveLength(0);

    // Still failing once the window is over: now it is an outage, and alerted.
    const after = plus(now, 61 * MIN);
    await failTwice(s.id, after);
    const [incident] = await incidentsOf(s.id);
    expect(incident).toMatchObject({ closedAt: null, failureKind: "refused" });
    await runAlertStep({ now: plus(after, MIN) });
    expect(alertsFor(s.id).map((a) => a.event)).toEqual(["incident.opened"]);

    const listed = await api(maintenanceGET, "/api/maintenance", who);
    expect(listed.json.windows.map((w: { id: string }) => w.id)).toEqual([scheduled.json.id]);
    expect((await activity(who.uid, "maintenance.scheduled"))[0].summary).toContain(s.name);
  });

  it("schedules only the owner's servers, refuses a window that ends before it starts, and cancels only the owner's windows", async () => {
    const [who, other] = await Promise.all([owner(), owner()]);
    const mine = await server(who);
    const theirs = await server(other);
    const start = plus(new Date(), 60 * MIN);
    const window = { startsAt: start.toISOString(), endsAt: plus(start, 60 * MIN).toISOString() };

    const foreign = await api(maintenancePOST, "/api/maintenance", who, { body: { ...window, serverIds: [theirs.id] } });
    expect(foreign.status).toBe(400);
    const backwards = await api(maintenancePOST, "/api/maintenance", who, { body: { startsAt: window.endsAt, endsAt: window.startsAt, serverIds: [mine.id] } });
    expect(backwards.status).toBe(400);
    expect(backwards.json.error).toBe("validation_failed");

    const created = await api(maintenancePOST, "/api/maintenance", who, { body: { ...window, serverIds: [mine.id] } });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    expect((await api(maintenanceDELETE, `/api/maintenance/${id}`, other, { method: "DELETE", params: { id } })).status).toBe(404);
    expect((await api(maintenanceDELETE, `/api/maintenance/${id}`, who, { method: "DELETE", params: { id } })).status).toBe(204);
    expect((await api(maintenanceGET, "/api/maintenance", who)).json.windows).toEqual([]);
    expect(await activity(who.uid, "maintenance.cancelled")).toHaveLength(1);
  });

  it("a paused server's alert is recorded as not sent, with who and why in the activity log; resumed, it is sent", async () => {
    const who = await owner();
    const s = await server(who);
    const paused = await api(silencesPOST, "/api/user/alerts/silences", who, { body: { serverId: s.id, duration: "4h", reason: "Deploying the new release" } });
    expect(paused.status).toBe(201);
    expect(paused.json).toMatchObject({ server: { id: s.id, name: s.name }, reason: "Deploying the new release" });
    expect((await api(silencesGET, "/api/user/alerts/silences", who)).json.silences).toHaveLength(1);
    const [logged] = await activity(who.uid, "alerts.paused");
    expect(logged.summary).toBe(`Paused alerts for ${s.name} (4 hours): Deploying the new release`);

    const now = new Date();
    await failTwice(s.id, now);
    await runAlertStep({ now: plus(now, MIN) });
    expect(alertsFor(s.id)).toHaveLength(0);
    const deliveries = await api(deliveriesGET, "/api/user/alerts/deliveries", who);
    expect(deliveries.json.deliveries).toEqual([
      expect.objectContaining({ event: "incident.opened", status: "silenced", error: "Not sent: alerts were paused (Deploying the new release)." }),
    ]);

    const id = paused.json.id as string;
    expect((await api(silenceDELETE, `/api/user/alerts/silences/${id}`, who, { method: "DELETE", params: { id } })).status).toBe(204);
    expect((await api(silencesGET, "/api/user/alerts/silences", who)).json.silences).toEqual([]);
    expect(await activity(who.uid, "alerts.resumed")).toHaveLength(1);

    await recover(s.id, plus(now, 2 * MIN));
    await runAlertStep({ now: plus(now, 3 * MIN) });
    expect(alertsFor(s.id).map((a) => a.event)).toEqual(["incident.resolved"]);
  });

  it("pausing every server's alerts holds back all of them, and only the owner can resume", async () => {
    const [who, other] = await Promise.all([owner(), owner()]);
    const s = await server(who);
    const paused = await api(silencesPOST, "/api/user/alerts/silences", who, { body: { duration: "until-resumed", reason: "Moving data centres" } });
    expect(paused.status).toBe(201);
    expect(paused.json).toMatchObject({ server: null, endsAt: null });
    const foreign = await api(silencesPOST, "/api/user/alerts/silences", other, { body: { serverId: s.id, duration: "1h", reason: "Not mine" } });
    expect(foreign.status).toBe(400);

    const now = new Date();
    await failTwice(s.id, now);
    await runAlertStep({ now: plus(now, MIN) });
    expect(alertsFor(s.id)).toHaveLength(0);

    const id = paused.json.id as string;
    expect((await api(silenceDELETE, `/api/user/alerts/silences/${id}`, other, { method: "DELETE", params: { id } })).status).toBe(404);
    expect((await api(silencesGET, "/api/user/alerts/silences", who)).json.silences).toHaveLength(1);
  });
});
