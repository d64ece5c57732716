import { redirectUrisProblem } from "@/lib/oauth-server/redirect-uris";

describe("the redirect URIs an MCP client may register with the gateways' authorization server", () => {
  it("takes what Claude Code, VS Code and Cursor register", () => {
    expect(redirectUrisProblem(["http://localhost:53210/callback"])).toBeNull();
    expect(redirectUrisProblem(["http://127.0.0.1:33418/", "https://vscode.dev/redirect"])).toBeNull();
    // Cursor sends these three in one registration: one refused would refuse them all.
    expect(redirectUrisProblem(["cursor://anysphere.cursor-mcp/oauth/callback", "https://www.cursor.com/agents/mcp/oauth/callback", "http://localhost:8787/callback"])).toBeNull();
  });

  it("takes Cursor's own scheme for its callback only, and no other scheme without a domain", () => {
    expect(redirectUrisProblem(["cursor://anysphere.cursor-mcp/oauth/other"])).toBe(
      "The redirect_uri cursor://anysphere.cursor-mcp/oauth/other is not allowed: use https, http on loopback, or an app's reverse-domain scheme.",
    );
    expect(redirectUrisProblem(["myapp://callback"])).toMatch(/is not allowed/);
    expect(redirectUrisProblem(["com.example.app:/callback"])).toBeNull();
    expect(redirectUrisProblem(["http://example.com/callback"])).toMatch(/is not allowed/);
  });
});
