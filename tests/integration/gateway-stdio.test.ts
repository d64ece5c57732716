import { POST as serversPOST } from "@/app/api/servers/route";
import { BUNDLED } from "../support/npm-registry";
import { describeEachDatabase } from "../support/databases";
import { connectClient, createGateway, gatewayToken, recordedCalls } from "../support/gateway";
import { call } from "../support/http";
import { ownerSignedIn, stdioSuite } from "../support/stdio-suite";

/**
 * A gateway serving a stdio server: server-everything installed from a registry on 127.0.0.1 and
 * run in the console's sandbox, reached by a real MCP client through the gateway's endpoint like
 * any remote server, its variable given to it and never to the client, each call audited.
 */

const SECRET = "gateway-stdio-secret-2468";

const stdio = stdioSuite({ gateway: true });

describeEachDatabase("a gateway in front of a stdio server", () => {
  const owner = ownerSignedIn();

  it("lists the sandboxed server's tools under its prefix and calls one, audited, the server's secret kept from the client", async () => {
    const created = await call(serversPOST, "/api/servers", {
      headers: owner.headers,
      body: { name: "Everything (stdio)", transport: "stdio", package: { registryType: "npm", identifier: BUNDLED.name, version: BUNDLED.version }, args: ["stdio"], env: { API_TOKEN: SECRET } },
    });
    expect(created.status).toBe(201);
    // Reached at registration (degraded only when its cold start is slow on a busy machine).
    expect(created.json).toMatchObject({ transport: "stdio", status: expect.stringMatching(/^(up|degraded)$/) });
    const gateway = await createGateway(owner, { name: "Sandboxed", servers: [{ serverId: created.json.id, prefix: "ev", tools: { allow: ["echo", "get-sum"] } }] });
    const client = await connectClient(stdio.endpoint.url(gateway.slug), await gatewayToken(owner));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(["ev__echo", "ev__get-sum"]);
      const echoed = await client.callTool({ name: "ev__echo", arguments: { message: "through the sandbox" } });
      expect(JSON.stringify(echoed.content)).toContain("through the sandbox");
      const sum = await client.callTool({ name: "ev__get-sum", arguments: { a: 2, b: 3 } });
      expect(JSON.stringify(sum.content)).toContain("5");
      // get-env is not allowed through this gateway: the server's variables stay out of the client's reach.
      const env = await client.callTool({ name: "ev__get-env", arguments: {} }).then(
        (r) => JSON.stringify(r),
        (e: Error) => e.message,
      );
      expect(env).not.toContain(SECRET);
    } finally {
      await client.close();
    }
    const calls = await recordedCalls(owner.uid, "ev__echo");
    expect(calls).toEqual([expect.objectContaining({ outcome: "ok", arguments: { message: "through the sandbox" } })]);
  });
});
