import { POST as checkPOST } from "@/app/api/servers/[id]/check/route";
import { POST as discoverPOST } from "@/app/api/servers/[id]/discover/route";
import { GET as inventoryGET } from "@/app/api/servers/[id]/inventory/route";
import { GET as serverGET } from "@/app/api/servers/[id]/route";
import { POST as scanPOST } from "@/app/api/servers/[id]/scan/route";
import { POST as createPOST } from "@/app/api/servers/route";
import { POST as testPOST } from "@/app/api/servers/test/route";
import { describeOnOneDatabase } from "../support/databases";
import { underHealthPolling } from "../support/health-polling";
import { call } from "../support/http";
import { signIn, type SignedIn } from "../support/sign-in";
import { startTsProcess, type TsProcess } from "../support/ts-process";

/**
 * Definitions built to hurt the service (tests/support/pathological-server.ts,
 * in a process of its own): nested thousands of levels, twenty thousand tools,
 * and each text rule's worst case. Each is refused with a reason or handled
 * off the request thread; nothing answers 500 and the service keeps
 * answering meanwhile.
 *
 * On one database: the subject is how the service meets the definitions, not
 * how they are stored, and the second run repeated a minute of CPU-bound
 * work. The embedded one, PGlite, runs its queries on the request thread
 * itself, so it is the harder case for the health answers measured here.
 */

let pathological: TsProcess;
beforeAll(async () => {
  pathological = await startTsProcess("tests/support/pathological-server.ts");
}, 60_000);
afterAll(() => pathological?.stop());

const url = (name: string) => `${pathological.origin}/${name}/mcp`;

async function register(who: SignedIn, name: string) {
  return call(createPOST, "/api/servers", { headers: who.bearer, body: { name, transport: "streamable-http", url: url(name), headers: [] } });
}

describeOnOneDatabase("pathological definitions", () => {
  let owner: SignedIn;
  beforeAll(async () => {
    owner = await signIn({ plan: "pro" });
  });

  it("Deeply nested definitions: a schema nested 3,000 levels is refused with its reason, the server is created whole, and discover and check answer the reason, not 500", async () => {
    const created = await register(owner, "deep");
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    // Saved (a registration never depends on the server answering), with nothing of the refused list stored.
    const server = await call(serverGET, `/api/servers/${id}`, { headers: owner.bearer, params: { id } });
    expect(server.status).toBe(200);
    expect(server.json.counts.tools).toBe(0);
    const inventory = await call(inventoryGET, `/api/servers/${id}/inventory`, { headers: owner.bearer, params: { id } });
    expect(inventory.json.tools).toEqual([]);

    const tested = await call(testPOST, "/api/servers/test", { headers: owner.bearer, body: { transport: "streamable-http", url: url("deep"), headers: [] } });
    const discovered = await call(discoverPOST, `/api/servers/${id}/discover`, { method: "POST", headers: owner.bearer, params: { id } });
    for (const res of [tested, discovered]) {
      expect(res.status).toBe(502);
      expect(res.json.message).toContain('tool "deep" is nested more than 64 levels deep');
    }
    const checked = await call(checkPOST, `/api/servers/${id}/check`, { method: "POST", headers: owner.bearer, params: { id } });
    expect(checked.status).toBe(200);
    expect(JSON.stringify(checked.json)).toContain("nested more than 64 levels deep");
  });

  it("Large tool lists stall the service: registering a server with 20,000 tools keeps /api/health answering, and keeps the first 2,000", async () => {
    const polled = await underHealthPolling(() => register(owner, "huge"));
    console.log(`register 20,000 tools in ${polled.tookMs.toFixed(0)} ms: ${polled.answers} health answers meanwhile, p50 ${polled.p50.toFixed(1)} ms, p99 ${polled.p99.toFixed(1)} ms, ${polled.held}`);
    expect(polled.result.status).toBe(201);
    expect(polled.result.json.counts.tools).toBe(2_000);
    expect([...polled.statuses]).toEqual([200]);
    // The registration took many turns of the event loop: the health checks were answered during it, not after it.
    expect(polled.answers).toBeGreaterThan(5);
  });

  it("a scan of each text rule's worst case, 2,000 times over, runs off the request thread while /api/health keeps answering, and ends within its budget", async () => {
    const created = await register(owner, "worst");
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    expect(created.json.counts.tools).toBe(2_000);
    const polled = await underHealthPolling(() => call(scanPOST, `/api/servers/${id}/scan`, { method: "POST", headers: owner.bearer, params: { id } }));
    console.log(`scan of 2,000 worst-case tools: ${polled.answers} health answers meanwhile, p50 ${polled.p50.toFixed(1)} ms, p99 ${polled.p99.toFixed(1)} ms (bar: 100 ms), ${polled.held}`);
    expect(polled.result.status).toBe(200);
    // About 36 MB of text: on a slow machine the budget can end the scan first, which it must then say.
    const incomplete = (polled.result.json.findings as { ruleId: string; severity: string }[]).filter((f) => f.ruleId === "scan-incomplete");
    console.log(incomplete.length > 0 ? `the scan ran out of its budget after ${polled.result.json.rulesRun} rules` : `the scan ran all ${polled.result.json.rulesRun} rules`);
    if (incomplete.length > 0) expect(incomplete).toEqual([expect.objectContaining({ severity: "high" })]);
    else expect(polled.result.json.rulesRun).toBeGreaterThan(0);
    expect([...polled.statuses]).toEqual([200]);
    expect(polled.answers).toBeGreaterThan(5);
  });
});
