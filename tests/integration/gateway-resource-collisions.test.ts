import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from "@modelcontextprotocol/client";
import { PATCH as gatewayPATCH, GET as gatewayGET } from "@/app/api/gateways/[id]/route";
import { GET as viewGET } from "@/app/api/gateways/[id]/view/route";
import { GET as callsGET } from "@/app/api/gateways/[id]/calls/route";
import { POST as serversPOST } from "@/app/api/servers/route";
import type { GatewayCallDto, GatewayDto, GatewayViewDto } from "@/lib/gateways/schema";
import { membersOf, serversInput, toggled } from "@/components/gateways/members-model";
import { describeEachDatabase } from "../support/databases";
import { call } from "../support/http";
import { connectClient, createGateway, gatewayToken, serveGateways, type Endpoint } from "../support/gateway";
import { MODERN_REVISION } from "../support/modern-request";
import { startEverything, type RunningServer } from "../support/mcp-server";
import { signedIn, type Session } from "../support/sign-in";

/**
 * Two servers of one gateway that serve the same resource URIs (two
 * server-everything processes): a prefix renames their tools apart, not
 * their URIs, so the agent gets each URI from the server listed first, and
 * the console says so, naming it. The fix it offers ("Serve it from …",
 * the Servers tab's own change: the first server's resources list leaves
 * the URI out) makes the other server serve it, to clients of both revisions.
 */

let first: RunningServer;
let second: RunningServer;
let endpoint: Endpoint;
beforeAll(async () => {
  [first, second, endpoint] = await Promise.all([startEverything("streamableHttp"), startEverything("streamableHttp"), serveGateways()]);
});
afterAll(async () => {
  await Promise.all([first.stop(), second.stop(), endpoint.stop()]);
});

describeEachDatabase("two servers of a gateway with the same resource URIs", () => {
  let owner: Session;
  let gateway: { id: string; slug: string };
  const ids: Record<"first" | "second", string> = { first: "", second: "" };

  beforeAll(async () => {
    owner = await signedIn("pro");
    for (const [key, server, name] of [["first", first, "Everything A"], ["second", second, "Everything B"]] as const) {
      const created = await call(serversPOST, "/api/servers", { headers: owner.headers, body: { name, transport: "streamable-http", url: `${server.origin}/mcp` } });
      expect(created.status).toBe(201);
      ids[key] = created.json.id as string;
    }
    gateway = await createGateway(owner, { name: "Twins", servers: [{ serverId: ids.first, prefix: "a" }, { serverId: ids.second, prefix: "b" }] });
  });

  const viewOf = async () => (await call(viewGET, `/api/gateways/${gateway.id}/view`, { headers: owner.headers, params: { id: gateway.id } })).json as unknown as GatewayViewDto;
  const resourcesOf = (view: GatewayViewDto, serverId: string) => view.items.filter((i) => i.serverId === serverId && i.kind === "resource");

  it("serves each URI once, from the first server, and says of the other's which server serves it and what to do", async () => {
    const view = await viewOf();
    const theirs = resourcesOf(view, ids.second);
    expect(theirs.length).toBeGreaterThan(0);
    for (const item of theirs) {
      expect(item.hidden).toMatchObject({ kind: "collision", servedBy: { serverId: ids.first, serverName: "Everything A" }, message: expect.stringMatching(/Choose which server serves it/) });
    }
    // Their tools are apart, under their prefixes.
    expect(view.items.filter((i) => i.kind === "tool" && !i.hidden).map((i) => i.exposedName)).toEqual(expect.arrayContaining(["a__echo", "b__echo"]));

    const client = await connectClient(endpoint.url(gateway.slug), await gatewayToken(owner));
    try {
      const uris = (await client.listResources()).resources.map((r) => r.uri);
      expect(new Set(uris).size).toBe(uris.length);
      expect(uris).toEqual(expect.arrayContaining(theirs.map((i) => i.key)));
    } finally {
      await client.close();
    }
  });

  it("lets the second server serve a URI once the first's resources list leaves it out, to a 2025 and a 2026-07-28 client", async () => {
    const uri = resourcesOf(await viewOf(), ids.second)[0].key;
    // What "Serve it from Everything B" sends: the gateway's servers, the first one's resources list without the URI.
    const saved = (await call(gatewayGET, `/api/gateways/${gateway.id}`, { headers: owner.headers, params: { id: gateway.id } })).json as unknown as GatewayDto;
    const servers = serversInput(membersOf(saved).map((m) => (m.serverId === ids.first ? { ...m, filters: { ...m.filters, resources: toggled(m.filters.resources, uri, false) } } : m)));
    const patched = await call(gatewayPATCH, `/api/gateways/${gateway.id}`, { method: "PATCH", headers: owner.headers, params: { id: gateway.id }, body: { servers } });
    expect(patched.status).toBe(200);

    const view = await viewOf();
    expect(resourcesOf(view, ids.second).find((i) => i.key === uri)!.hidden).toBeNull();
    expect(resourcesOf(view, ids.first).find((i) => i.key === uri)!.hidden).toMatchObject({ kind: "filtered" });

    const legacy = await connectClient(endpoint.url(gateway.slug), await gatewayToken(owner));
    const modern = new ModernClient({ name: "modern-twin-client", version: "2.0.0" }, { versionNegotiation: { mode: { pin: MODERN_REVISION } } });
    await modern.connect(new ModernTransport(new URL(endpoint.url(gateway.slug)), { requestInit: { headers: { Authorization: `Bearer ${await gatewayToken(owner)}` } } }));
    try {
      for (const client of [legacy, modern]) {
        expect((await client.listResources()).resources.filter((r) => r.uri === uri)).toHaveLength(1);
        const read = await client.readResource({ uri });
        expect(read.contents.length).toBeGreaterThan(0);
        const calls = (await call(callsGET, `/api/gateways/${gateway.id}/calls`, { headers: owner.headers, params: { id: gateway.id } })).json.calls as GatewayCallDto[];
        expect(calls[0]).toMatchObject({ method: "resources/read", item: uri, server: "Everything B" });
      }
    } finally {
      await Promise.all([legacy.close(), modern.close()]);
    }
  });
});
