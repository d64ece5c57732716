import { DIRECT_PATH_MARKS, pathTableViolations } from "./path-table-rules";
import { sourceFiles } from "./source-files";

/**
 * The paths served outside Next.js are written as a table once (the rule is
 * in ./path-table-rules.ts). The sources that route requests are read: the
 * app, lib, the scripts, the root files and the tests' servers
 * (tests/support); the tests themselves call these paths as clients do, and
 * the fake upstream servers in them serve paths of their own.
 */

/** The table, and the modules it hands requests to, which say which of their paths they answer. */
const OWNERS: Record<string, string> = {
  "app/direct-routes.ts": "the table",
  "lib/oauth-server/issuer.ts": "the authorization server's endpoints (OAUTH_PATHS), which its metadata names, and a gateway's resource URL read back to its slug",
  "lib/oauth-server/http.ts": "the authorization server's matcher (isOAuthServerPath, in the table's DIRECT_HANDLERS) and its metadata documents",
};

describe("the paths served outside Next.js", () => {
  it("are written as a table only by app/direct-routes.ts and the modules it hands them to", () => {
    const files = sourceFiles("app", "lib", "components", "scripts", "tests/support", "instrumentation.ts", "proxy.ts", "next.config.mjs");
    expect(pathTableViolations(files, OWNERS)).toEqual([]);
  });

  it("are recognised in the table itself, so that the rule follows it", () => {
    const [table] = sourceFiles("app/direct-routes.ts");
    expect(Object.entries(DIRECT_PATH_MARKS).filter(([, mark]) => mark.test(table.text)).map(([name]) => name)).toEqual([
      "gateway endpoint /mcp/{slug}",
      "workbench call /api/servers/{id}/call",
    ]);
  });
});

describe("the path table rule", () => {
  it("fails on a second table of the gateway endpoint or the workbench call", () => {
    const helper = {
      path: "tests/support/own-routes.ts",
      text: 'export const routes = [\n  { method: "POST", pattern: /^\\/mcp\\/(?<slug>[a-z0-9-]+)$/ },\n  { method: "POST", pattern: /^\\/api\\/servers\\/(?<id>[^/]+)\\/call$/ },\n];\n',
    };
    expect(pathTableViolations([helper], OWNERS)).toEqual([
      "tests/support/own-routes.ts routes on gateway endpoint /mcp/{slug}, workbench call /api/servers/{id}/call: take it from app/direct-routes.ts",
    ]);
  });

  it("fails on the OAuth paths listed or matched outside the authorization server", () => {
    const server = { path: "scripts/server.mjs", text: 'const OAUTH = new Set(["/oauth/authorize", "/oauth/token"]);\nif (url.startsWith("/.well-known/oauth-authorization-server")) serve();\n' };
    const prefix = { path: "lib/http/served.ts", text: 'export const served = (p: string) => p.startsWith("/mcp/");\n' };
    expect(pathTableViolations([server, prefix], OWNERS)).toEqual([
      "scripts/server.mjs routes on OAuth endpoints /oauth/…, OAuth metadata /.well-known/oauth-…: take it from app/direct-routes.ts",
      "lib/http/served.ts routes on gateway endpoint /mcp/{slug}: take it from app/direct-routes.ts",
    ]);
  });

  it("accepts URLs built for a request and a route's label", () => {
    const client = {
      path: "lib/gateways/client-config.ts",
      text: 'const token = `${origin}/oauth/token`;\nconst label = "/mcp/[slug]";\nconst call = `/api/servers/${id}/call`;\nconst prm = `${origin}/.well-known/oauth-protected-resource${path}`;\n',
    };
    expect(pathTableViolations([client], OWNERS)).toEqual([]);
  });
});
