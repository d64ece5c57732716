import { eq } from "drizzle-orm";
import { DELETE as serverDELETE, PATCH as serverPATCH } from "@/app/api/servers/[id]/route";
import { POST as createPOST } from "@/app/api/servers/route";
import { db } from "@/lib/db";
import { servers } from "@/lib/db/schema";
import { claimDue } from "@/lib/monitoring/claim";
import { phaseMs } from "@/lib/servers/check-schedule";
import { describeEachDatabase } from "../support/databases";
import { call } from "../support/http";
import { signedIn } from "../support/sign-in";

/**
 * A server's next due time follows what its owner does through the API:
 * set when it is created monitored, moved when the interval changes,
 * cleared while monitoring is off or the server is paused, and gone with it.
 */

async function nextCheckOf(id: string) {
  const [row] = await (await db()).select({ at: servers.nextCheckAt }).from(servers).where(eq(servers.id, id));
  return row ? row.at : undefined;
}

/** Due within the coming interval, at the server's own phase of it. */
function expectScheduled(at: Date | null | undefined, id: string, intervalSec: number, from: number) {
  expect(at).toBeInstanceOf(Date);
  const t = at!.getTime();
  expect(t).toBeGreaterThan(from);
  expect(t).toBeLessThanOrEqual(Date.now() + intervalSec * 1000);
  expect((t - phaseMs(id, intervalSec)) % (intervalSec * 1000)).toBe(0);
}

describeEachDatabase("next check time through the servers API", () => {
  let headers: Record<string, string>;
  beforeAll(async () => {
    headers = (await signedIn()).headers;
  });

  const patch = (id: string, body: Record<string, unknown>) =>
    call(serverPATCH, `/api/servers/${id}`, { method: "PATCH", body, headers, params: { id } });

  it("follows creation, interval changes, monitoring off and on, pause and resume, and deletion", async () => {
    // Nothing listens there: saving never depends on the server answering.
    const base = { transport: "streamable-http", url: "http://127.0.0.1:9/mcp" };
    const before = Date.now();
    const created = await call(createPOST, "/api/servers", { body: { ...base, name: "Watched", monitoring: { enabled: true, intervalSec: 300 } }, headers });
    expect(created.status).toBe(201);
    const id: string = created.json.id;
    expectScheduled(await nextCheckOf(id), id, 300, before);

    const unwatched = await call(createPOST, "/api/servers", { body: { ...base, name: "Unwatched", monitoring: { enabled: false, intervalSec: 900 } }, headers });
    expect(await nextCheckOf(unwatched.json.id)).toBeNull();

    // Saying nothing about monitoring: monitored, at the (Pro) plan's shortest interval.
    const beforeDefault = Date.now();
    const byDefault = await call(createPOST, "/api/servers", { body: { ...base, name: "By default" }, headers });
    expect(byDefault.json.monitoring).toMatchObject({ enabled: true, intervalSec: 60 });
    expectScheduled(await nextCheckOf(byDefault.json.id), byDefault.json.id, 60, beforeDefault);

    let t = Date.now();
    expect((await patch(id, { monitoring: { enabled: true, intervalSec: 60 } })).status).toBe(200);
    expectScheduled(await nextCheckOf(id), id, 60, t);

    // A change that is not about the schedule leaves it alone.
    const scheduled = await nextCheckOf(id);
    expect((await patch(id, { description: "still watched" })).status).toBe(200);
    expect(await nextCheckOf(id)).toEqual(scheduled);

    expect((await patch(id, { paused: true })).status).toBe(200);
    expect(await nextCheckOf(id)).toBeNull();
    t = Date.now();
    expect((await patch(id, { paused: false })).status).toBe(200);
    expectScheduled(await nextCheckOf(id), id, 60, t);

    expect((await patch(id, { monitoring: { enabled: false, intervalSec: 60 } })).status).toBe(200);
    expect(await nextCheckOf(id)).toBeNull();
    t = Date.now();
    expect((await patch(id, { monitoring: { enabled: true, intervalSec: 120 } })).status).toBe(200);
    expectScheduled(await nextCheckOf(id), id, 120, t);

    // Paused with monitoring on: not due, and never claimed even once its old time has come.
    expect((await patch(id, { paused: true })).status).toBe(200);
    await (await db()).update(servers).set({ nextCheckAt: new Date(Date.now() - 1_000) }).where(eq(servers.id, id));
    expect((await claimDue("api-test", 10, 60)).map((c) => c.serverId)).not.toContain(id);

    expect((await call(serverDELETE, `/api/servers/${id}`, { method: "DELETE", headers, params: { id } })).status).toBe(204);
    expect(await nextCheckOf(id)).toBeUndefined();
  });

  it("refuses an interval shorter than the plan allows, and keeps the schedule", async () => {
    const created = await call(createPOST, "/api/servers", {
      body: { transport: "streamable-http", url: "http://127.0.0.1:9/mcp", name: "Pro minimum", monitoring: { enabled: true, intervalSec: 60 } },
      headers,
    });
    const id: string = created.json.id;
    const scheduled = await nextCheckOf(id);
    const res = await patch(id, { monitoring: { enabled: true, intervalSec: 30 } });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("validation_failed");
    expect(await nextCheckOf(id)).toEqual(scheduled);
  });
});
