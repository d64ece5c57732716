import { clientConfig } from "@/lib/servers/client-config";

describe("the client configuration of a server", () => {
  it("names the entry after the server and gives Streamable HTTP as clients call it", () => {
    expect(JSON.parse(clientConfig({ name: "Everything (demo) ", transport: "streamable-http", url: "https://mcp.example.com/mcp", headers: [] }))).toEqual({
      mcpServers: { "everything-demo": { type: "http", url: "https://mcp.example.com/mcp" } },
    });
  });

  it("never carries a header value, only a placeholder for it", () => {
    const text = clientConfig({ name: "Ops", transport: "sse", url: "https://ops.example.com/sse", headers: [{ name: "Authorization", value: "Bearer ••••1234" }] });
    expect(JSON.parse(text)).toEqual({
      mcpServers: { ops: { type: "sse", url: "https://ops.example.com/sse", headers: { Authorization: "${AUTHORIZATION}" } } },
    });
    expect(text).not.toContain("1234");
  });

  it("still has a key when the name has no letters or digits", () => {
    expect(Object.keys(JSON.parse(clientConfig({ name: "★★★", transport: "sse", url: "https://x.example/sse", headers: [] })).mcpServers)).toEqual(["server"]);
  });

  it("runs a stdio server's pinned package with npx, its variables as placeholders", () => {
    const stdio = { package: { registryType: "npm" as const, identifier: "@modelcontextprotocol/server-everything", version: "2026.1.14" }, integrity: null, args: ["stdio"], env: ["API_KEY"], egress: [] };
    expect(JSON.parse(clientConfig({ name: "Local", transport: "stdio", url: "npm:@modelcontextprotocol/server-everything@2026.1.14", headers: [], stdio }))).toEqual({
      mcpServers: { local: { command: "npx", args: ["-y", "@modelcontextprotocol/server-everything@2026.1.14", "stdio"], env: { API_KEY: "${API_KEY}" } } },
    });
  });
});
