import { cursorInstallUrl, resourceMetadataUrl, signInSnippets, tokenSnippets, TOKEN_PLACEHOLDER, vscodeInstallUrl } from "@/lib/gateways/client-config";

const gateway = { name: "Coding agents", url: "https://console.example.com/mcp/coding-agents-1a2b3c4d" };
const TOKEN = "mcpc_abcdefghijklmnopqrstuvwxyz0123456789ABCD";
const signIn = () => Object.fromEntries(signInSnippets(gateway).map((s) => [s.id, s]));
const withToken = (token: string | null) => Object.fromEntries(tokenSnippets(gateway, token).map((s) => [s.id, s.text]));

describe("a gateway's sign-in configurations", () => {
  it("gives each client the gateway's URL and nothing secret", () => {
    const snippets = signInSnippets(gateway);
    expect(snippets.map((s) => s.label)).toEqual(["Claude Code", "Cursor", "VS Code", "Other"]);
    for (const s of snippets) {
      expect(s.text).toContain(gateway.url);
      expect(s.text).not.toMatch(/Authorization|Bearer|mcpc_|headers/i);
      expect(s.next).toContain("consent page");
    }
  });

  it("gives Claude Code its command, Cursor an mcpServers entry and VS Code a servers entry of type http", () => {
    const { "claude-code": claude, cursor, vscode } = signIn();
    expect(claude.text).toBe(`claude mcp add --transport http coding-agents ${gateway.url}`);
    expect(claude.next).toContain("/mcp");
    expect(JSON.parse(cursor.text)).toEqual({ mcpServers: { "coding-agents": { url: gateway.url } } });
    expect(JSON.parse(vscode.text)).toEqual({ servers: { "coding-agents": { type: "http", url: gateway.url } } });
  });

  it("installs in VS Code with its URL handler, the entry and its name as JSON", () => {
    const href = vscodeInstallUrl(gateway);
    expect(href.startsWith("vscode:mcp/install?")).toBe(true);
    expect(JSON.parse(decodeURIComponent(href.slice("vscode:mcp/install?".length)))).toEqual({ name: "coding-agents", type: "http", url: gateway.url });
    expect(signIn().vscode.install).toEqual({ label: "Install in VS Code", href });
  });

  it("installs in Cursor with its deeplink, the entry as base64 JSON", () => {
    const href = new URL(cursorInstallUrl(gateway));
    expect(`${href.protocol}//${href.host}${href.pathname}`).toBe("cursor://anysphere.cursor-deeplink/mcp/install");
    expect(href.searchParams.get("name")).toBe("coding-agents");
    expect(JSON.parse(Buffer.from(href.searchParams.get("config")!, "base64").toString("utf8"))).toEqual({ url: gateway.url });
    expect(signIn().cursor.install?.href).toBe(cursorInstallUrl(gateway));
  });

  it("tells other clients where discovery starts", () => {
    expect(resourceMetadataUrl(gateway)).toBe("https://console.example.com/.well-known/oauth-protected-resource/mcp/coding-agents-1a2b3c4d");
    expect(signIn().generic.text).toContain(resourceMetadataUrl(gateway));
  });
});

describe("a gateway's token configurations", () => {
  it("gives Claude Code the token in its header option", () => {
    expect(withToken(TOKEN)["claude-code"]).toBe(`claude mcp add --transport http coding-agents ${gateway.url} --header "Authorization: Bearer ${TOKEN}"`);
  });

  it("has VS Code prompt for the token and Cursor read it from the environment: neither file holds it", () => {
    const { cursor, vscode } = withToken(TOKEN);
    expect(JSON.parse(vscode)).toEqual({
      inputs: [{ type: "promptString", id: "coding-agents-token", description: "Gateway token for Coding agents", password: true }],
      servers: { "coding-agents": { type: "http", url: gateway.url, headers: { Authorization: "Bearer ${input:coding-agents-token}" } } },
    });
    expect(JSON.parse(cursor)).toEqual({ mcpServers: { "coding-agents": { url: gateway.url, headers: { Authorization: "Bearer ${env:MCPC_CODING_AGENTS_TOKEN}" } } } });
    expect(vscode).not.toContain(TOKEN);
    expect(cursor).not.toContain(TOKEN);
  });

  it("holds a placeholder, and never a token, until one is created", () => {
    const texts = withToken(null);
    for (const id of ["claude-code", "generic"]) expect(texts[id]).toContain(TOKEN_PLACEHOLDER);
    for (const text of Object.values(texts)) expect(text).not.toContain("mcpc_");
  });

  it("lists the gateway under a name every client and shell takes as it is", () => {
    const named = (name: string) => tokenSnippets({ ...gateway, name }, null)[0].text;
    expect(named(`Ops "prod"; rm -rf / ★`)).toMatch(/^claude mcp add --transport http ops-prod-rm-rf https:/);
    expect(named("★★★")).toContain(" gateway https:");
    expect(signInSnippets({ ...gateway, name: "★★★" })[0].text).toContain(" gateway https:");
  });
});
