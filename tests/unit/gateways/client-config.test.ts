import { clientSnippets, TOKEN_PLACEHOLDER } from "@/lib/gateways/client-config";

const gateway = { name: "Coding agents", url: "https://console.example.com/mcp/coding-agents-1a2b3c4d" };
const TOKEN = "mcpc_abcdefghijklmnopqrstuvwxyz0123456789ABCD";
const byId = (token: string | null) => Object.fromEntries(clientSnippets(gateway, token).map((s) => [s.id, s.text]));

describe("a gateway's client configurations", () => {
  it("gives Claude Code its one command, with the token as a bearer header", () => {
    expect(byId(TOKEN)["claude-code"]).toBe(
      `claude mcp add --transport http coding-agents ${gateway.url} --header "Authorization: Bearer ${TOKEN}"`,
    );
  });

  it("gives Cursor an mcpServers entry and VS Code a servers entry of type http", () => {
    const { cursor, vscode } = byId(TOKEN);
    expect(JSON.parse(cursor)).toEqual({ mcpServers: { "coding-agents": { url: gateway.url, headers: { Authorization: `Bearer ${TOKEN}` } } } });
    expect(JSON.parse(vscode)).toEqual({ servers: { "coding-agents": { type: "http", url: gateway.url, headers: { Authorization: `Bearer ${TOKEN}` } } } });
  });

  it("holds a placeholder, and never a token, until one is created", () => {
    for (const text of Object.values(byId(null))) {
      expect(text).toContain(TOKEN_PLACEHOLDER);
      expect(text).not.toContain("mcpc_");
    }
  });

  it("lists the gateway under a name every client and shell takes as it is", () => {
    const [claude] = clientSnippets({ ...gateway, name: `Ops "prod"; rm -rf / ★` }, null);
    expect(claude.text).toMatch(/^claude mcp add --transport http ops-prod-rm-rf https:/);
    expect(clientSnippets({ ...gateway, name: "★★★" }, null)[0].text).toContain(" gateway https:");
  });
});
