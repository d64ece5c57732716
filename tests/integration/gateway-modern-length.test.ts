import { POST as serversPOST } from "@/app/api/servers/route";
import { describeEachDatabase } from "../support/databases";
import { call } from "../support/http";
import { createGateway, gatewayToken, serveGateways, type Endpoint } from "../support/gateway";
import { postModern } from "../support/modern-request";
import { startModernServer, type ModernServer } from "../support/modern-server";
import { signedIn } from "../support/sign-in";

/**
 * A modern client's JSON answers from a gateway say how long they are: the
 * production server compresses any answer whose length it does not know
 * (scripts/server.mjs), and a few hundred bytes are not worth a zlib stream.
 */

let modern: ModernServer;
let endpoint: Endpoint;
beforeAll(async () => {
  [modern, endpoint] = await Promise.all([startModernServer("reject"), serveGateways()]);
});
afterAll(async () => {
  await Promise.all([modern.stop(), endpoint.stop()]);
});

describeEachDatabase("a gateway's JSON answers to a modern client", () => {
  it("carry their length, for a call and for a list", async () => {
    const owner = await signedIn("pro");
    const created = await call(serversPOST, "/api/servers", { headers: owner.headers, body: { name: "Modern", transport: "streamable-http", url: modern.url } });
    expect(created.status).toBe(201);
    const gateway = await createGateway(owner, { name: "Modern only", servers: [{ serverId: created.json.id, prefix: "modern" }] });
    const token = await gatewayToken(owner);
    const url = endpoint.url(gateway.slug);

    for (const [method, params] of [
      ["tools/call", { name: "modern__echo", arguments: { message: "sized" } }],
      ["tools/list", {}],
    ] as const) {
      const res = await postModern(url, token, method, params);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("application/json");
      const body = Buffer.from(await res.arrayBuffer());
      expect(res.headers.get("content-length")).toBe(String(body.byteLength));
      expect(JSON.parse(body.toString("utf8")).result).toBeDefined();
    }
  });
});
