import { and, eq } from "drizzle-orm";
import { GET as serverGET, PATCH as serverPATCH } from "@/app/api/servers/[id]/route";
import { GET as listGET, POST as createPOST } from "@/app/api/servers/route";
import { db } from "@/lib/db";
import { activityEvents, servers } from "@/lib/db/schema";
import { describeEachDatabase } from "../support/databases";
import { call } from "../support/http";
import { startEverything, type RunningServer } from "../support/mcp-server";
import { signedIn, type Session } from "../support/sign-in";

/**
 * A server's protocol setting through the API: "auto" unless pinned, only
 * revisions the console speaks, and a change that makes the next connection
 * negotiate again (the remembered verdict is dropped, the status starts over).
 */

let everything: RunningServer;

beforeAll(async () => {
  everything = await startEverything("streamableHttp");
}, 30_000);

afterAll(async () => {
  await everything?.stop();
});

const ALLOWED = 'Choose "auto" or one of the protocol revisions the console speaks: 2026-07-28, 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05.';

describeEachDatabase("servers API: the protocol revision", () => {
  let owner: Session;

  beforeAll(async () => {
    owner = await signedIn("pro");
  });

  const create = (body: Record<string, unknown>) => call(createPOST, "/api/servers", { body, headers: owner.headers });
  const get = (id: string) => call(serverGET, `/api/servers/${id}`, { params: { id }, headers: owner.headers });
  const patch = (id: string, body: unknown) => call(serverPATCH, `/api/servers/${id}`, { params: { id }, method: "PATCH", body, headers: owner.headers });
  const stored = async (id: string) => (await (await db()).select({ protocol: servers.protocol, prior: servers.protocolPrior }).from(servers).where(eq(servers.id, id)))[0];
  /** What a negotiation remembers (the upstream runtime writes it after connecting). */
  const remember = async (id: string) =>
    (await db())
      .update(servers)
      .set({ protocolPrior: { kind: "legacy" } })
      .where(eq(servers.id, id));

  it("negotiates by default: the answer says auto and the revision actually spoken, in the list as on its own", async () => {
    const created = await create({ name: "Negotiated", transport: "streamable-http", url: `${everything.origin}/mcp` });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ protocol: "auto", status: "up", serverInfo: { protocolVersion: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) } });
    expect(created.json).not.toHaveProperty("protocolPrior");
    expect((await get(created.json.id)).json.protocol).toBe("auto");
    const listed = (await call(listGET, "/api/servers?q=Negotiated", { headers: owner.headers })).json.servers;
    expect(listed).toEqual([expect.objectContaining({ protocol: "auto", serverInfo: created.json.serverInfo })]);
  });

  it("refuses a revision the console does not speak, on create and on update, naming the ones it does", async () => {
    const bad = await create({ name: "Future", transport: "streamable-http", url: "http://mcp.invalid/mcp", protocol: "2099-01-01" });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ error: "validation_failed", message: "Some fields are not valid.", details: [{ path: "protocol", message: ALLOWED }] });
    expect((await call(listGET, "/api/servers?q=Future", { headers: owner.headers })).json.servers).toEqual([]);

    const saved = await create({ name: "Present", transport: "streamable-http", url: "http://mcp.invalid/mcp" });
    const refused = await patch(saved.json.id, { protocol: "latest" });
    expect(refused.status).toBe(400);
    expect(refused.json.details).toEqual([{ path: "protocol", message: ALLOWED }]);
    expect((await get(saved.json.id)).json.protocol).toBe("auto");
  });

  it("pins a revision on create, and says so", async () => {
    const pinned = await create({ name: "Pinned", transport: "streamable-http", url: "http://mcp.invalid/mcp", protocol: "2025-06-18" });
    expect(pinned.status).toBe(201);
    expect(pinned.json.protocol).toBe("2025-06-18");
    expect((await get(pinned.json.id)).json.protocol).toBe("2025-06-18");
    const [event] = await (await db())
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.userUid, owner.uid), eq(activityEvents.action, "server.created"), eq(activityEvents.targetId, pinned.json.id)));
    expect(event.metadata).toMatchObject({ protocol: "2025-06-18" });
  });

  it("a changed revision forgets the last negotiation and starts the status over; the same one changes nothing", async () => {
    const created = await create({ name: "Repinned", transport: "streamable-http", url: `${everything.origin}/mcp` });
    const id = created.json.id;
    expect(created.json.status).toBe("up");
    await remember(id);

    const same = await patch(id, { protocol: "auto" });
    expect(same.status).toBe(200);
    expect(same.json.status).toBe("up");
    expect(await stored(id)).toEqual({ protocol: "auto", prior: { kind: "legacy" } });

    const changed = await patch(id, { protocol: "2025-11-25" });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({ protocol: "2025-11-25", status: "unknown" });
    expect(changed.json).not.toHaveProperty("protocolPrior");
    expect(await stored(id)).toEqual({ protocol: "2025-11-25", prior: null });

    const updates = await (await db())
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.userUid, owner.uid), eq(activityEvents.action, "server.updated"), eq(activityEvents.targetId, id)));
    expect(updates).toHaveLength(1);
    expect(updates[0].summary).toBe("Updated Repinned: protocol");
    expect(updates[0].metadata).toMatchObject({ changed: ["protocol"], protocol: "2025-11-25", previousProtocol: "auto" });

    // A new address is another server as far as the negotiation knows.
    await remember(id);
    await patch(id, { url: `${everything.origin}/mcp?v=2` });
    expect(await stored(id)).toEqual({ protocol: "2025-11-25", prior: null });
  });
});
