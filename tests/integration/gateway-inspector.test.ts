import { POST as serversPOST } from "@/app/api/servers/route";
import { describeEachDatabase } from "../support/databases";
import { call } from "../support/http";
import { createGateway, gatewayToken, serveGateways, type Endpoint } from "../support/gateway";
import { inspectorCli, type InspectorCli } from "../support/inspector";
import { startEverything, type RunningServer } from "../support/mcp-server";
import { signedIn } from "../support/sign-in";

/**
 * A gateway used by a client the project did not write: the MCP Inspector's
 * command-line client (`@modelcontextprotocol/inspector`), run as a person
 * runs it, against the endpoint served by the service's own route handlers
 * in front of server-everything. It prints what it got as JSON.
 */

let everything: RunningServer;
let endpoint: Endpoint;
let inspector: InspectorCli;
beforeAll(async () => {
  [everything, endpoint] = await Promise.all([startEverything("streamableHttp"), serveGateways()]);
  inspector = inspectorCli();
});
afterAll(async () => {
  await Promise.all([everything.stop(), endpoint.stop()]);
  inspector.dispose();
});

describeEachDatabase("a gateway used by the MCP Inspector's CLI", () => {
  let url: string;
  let token: string;

  beforeAll(async () => {
    const owner = await signedIn("pro");
    const created = await call(serversPOST, "/api/servers", { headers: owner.headers, body: { name: "Everything", transport: "streamable-http", url: `${everything.origin}/mcp` } });
    expect(created.status).toBe(201);
    const gateway = await createGateway(owner, { name: "Inspector", servers: [{ serverId: created.json.id, prefix: "everything" }] });
    url = endpoint.url(gateway.slug);
    token = await gatewayToken(owner);
  });

  it("lists the gateway's tools and calls one, as JSON", async () => {
    const [listed, echoed] = await Promise.all([
      inspector.printed<{ tools: { name: string; inputSchema: unknown }[] }>(url, token, ["--method", "tools/list"]),
      inspector.printed<{ content: { type: string; text: string }[] }>(url, token, ["--method", "tools/call", "--tool-name", "everything__echo", "--tool-arg", "message=hi"]),
    ]);
    const names = listed.tools.map((t) => t.name);
    expect(names).toContain("everything__echo");
    expect(names.every((n) => n.startsWith("everything__"))).toBe(true);
    expect(echoed.content).toEqual([{ type: "text", text: "Echo: hi" }]);
  });

  it("reads a resource and gets a prompt, as JSON", async () => {
    const [{ resources }, prompt] = await Promise.all([
      inspector.printed<{ resources: { uri: string; name: string }[] }>(url, token, ["--method", "resources/list"]),
      inspector.printed<{ messages: { role: string; content: { type: string; text: string } }[] }>(url, token, ["--method", "prompts/get", "--prompt-name", "everything__simple-prompt"]),
    ]);
    const document = resources.find((r) => r.uri.endsWith("/architecture.md"));
    expect(document).toBeDefined();
    const read = await inspector.printed<{ contents: { uri: string; text?: string }[] }>(url, token, ["--method", "resources/read", "--uri", document!.uri]);
    expect(read.contents[0].uri).toBe(document!.uri);
    expect(read.contents[0].text?.length).toBeGreaterThan(0);
    expect(prompt.messages[0]).toMatchObject({ role: "user", content: { type: "text" } });
    expect(prompt.messages[0].content.text).toMatch(/simple prompt/i);
  });

  it("is refused without a valid token, and the Inspector shows the gateway's reason", async () => {
    // Without --stored-auth-only the Inspector would start an interactive OAuth sign-in on the 401.
    const refused = await inspector.run(url, "mcpc_not-a-token", ["--method", "tools/list", "--stored-auth-only"]);
    expect(refused.code).not.toBe(0);
    const { error } = JSON.parse(refused.stderr) as { error: { code: string; message: string } };
    expect(error.code).toBe("auth_required");
    expect(error.message).toContain("This API token is not valid: it was revoked or never existed.");
  });
});
