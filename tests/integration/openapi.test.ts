import { readdirSync } from "node:fs";
import path from "node:path";
import { GET as openapiGET } from "@/app/api/openapi.json/route";
import { GET as healthGET } from "@/app/api/health/route";
import { GET as serverGET, PATCH as serverPATCH } from "@/app/api/servers/[id]/route";
import { GET as listGET, POST as createPOST } from "@/app/api/servers/route";
import { POST as signoutPOST } from "@/app/api/auth/signout/route";
import { POST as callPOST } from "@/app/api/servers/[id]/call/route";
import { DELETE as userDELETE } from "@/app/api/user/route";
import { PATCH as settingsPATCH } from "@/app/api/user/settings/route";
import { apiRoutes } from "@/app/api/route-modules";
import { describeEachDatabase } from "../support/databases";
import { call, ORIGIN, type CallOptions } from "../support/http";
import { createOwnedResources } from "../support/owned-resources";
import { send } from "../support/route-call";
import { fillPath, loadRoute, ROUTE_TABLE, routeMethods, type RouteMethod } from "../support/route-table";
import { startEverything, type RunningServer } from "../support/mcp-server";
import { responseValidator } from "../support/openapi";
import { signIn, signInAdmin, type SignedIn } from "../support/sign-in";

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/**
 * The routes whose success a test cannot reach, and why; every other route's
 * valid request (from the route table) must succeed and match the document.
 */
const NO_SUCCESS_HERE: Record<string, string> = {
  "POST /api/auth/session": "the table's ID token is made up (signing in is tested in auth-session.test.ts)",
  "GET /api/metrics": "METRICS_TOKEN is not set in these tests (metrics.test.ts sets it)",
  "POST /api/servers/[id]/authorize": "the table's server is not behind OAuth (oauth-servers.test.ts signs in to one)",
  "GET /api/oauth/callback": "a sign-in's state exists only once one was started (oauth-servers.test.ts finishes one)",
  "POST /api/workbench/requests/[id]": "a server's request is pending only during a call (workbench-call.test.ts answers one)",
};

/**
 * Deletions last, so that the other routes find what they act on; signing out
 * everywhere after them (it revokes the caller's ID token); deleting the
 * account is its own case.
 */
function order(r: RouteMethod): number {
  if (r.method !== "DELETE") return 0;
  // What belongs to a server or a gateway goes before the server or the gateway does.
  if (["/api/servers/[id]/subscriptions", "/api/user/connected-apps/[id]", "/api/user/alerts/silences/[id]", "/api/maintenance/[id]"].includes(r.path)) return 1;
  return r.path === "/api/user/sessions" ? 3 : 2;
}

/** Every app/api/**\/route.ts as its path in the document (`[id]` → `{id}`). */
function routeFiles(dir = path.join(process.cwd(), "app/api")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    if (entry.name !== "route.ts") return [];
    const rel = path.relative(process.cwd(), path.dirname(full)).split(path.sep).join("/");
    return [`/${rel.replace(/^app\//, "").replace(/\[([^\]]+)\]/g, "{$1}")}`];
  });
}

type Doc = Parameters<typeof responseValidator>[0] & { openapi: string; components: { securitySchemes: object } };

let everything: RunningServer;

beforeAll(async () => {
  everything = await startEverything("streamableHttp");
}, 30_000);

afterAll(async () => {
  await everything?.stop();
});

describeEachDatabase("the OpenAPI document", () => {
  let doc: Doc;
  let problems: ReturnType<typeof responseValidator>;
  let user: SignedIn;
  const found: string[] = [];

  /** Calls a route and collects every way its answer differs from the document. */
  async function checked(handler: Parameters<typeof call>[0], docPath: string, urlPath: string, opts: CallOptions = {}) {
    const res = await call(handler, urlPath, opts);
    const method = opts.method ?? (opts.body !== undefined ? "POST" : "GET");
    found.push(...problems(docPath, method, res.status, res.json));
    return res;
  }

  beforeAll(async () => {
    const res = await call(openapiGET, "/api/openapi.json");
    expect(res.status).toBe(200);
    doc = res.json as Doc;
    problems = responseValidator(doc);
    user = await signIn({ plan: "pro" });
  });

  it("is OpenAPI 3.1 with the session cookie, bearer tokens and the error shape", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.components.securitySchemes)).toEqual(expect.arrayContaining(["sessionCookie", "bearer"]));
    expect(doc.components.schemas.Error).toMatchObject({ required: ["error", "message"] });
  });

  it("lists every route file and every method it exports", async () => {
    expect(Object.keys(apiRoutes).sort()).toEqual(routeFiles().sort());
    const missing: string[] = [];
    for (const [routePath, load] of Object.entries(apiRoutes)) {
      const mod = (await load()) as Record<string, unknown>;
      for (const method of Object.keys(mod).filter((k) => METHODS.includes(k))) {
        const op = doc.paths[routePath]?.[method.toLowerCase()] as { summary?: string } | undefined;
        if (!op?.summary) missing.push(`${method} ${routePath}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("describes what the routes answer, successes and errors alike", async () => {
    const auth = { headers: user.bearer };
    await checked(healthGET, "/api/health", "/api/health");
    // An administrator's answer holds the database and any warnings.
    await checked(healthGET, "/api/health", "/api/health", { headers: (await signInAdmin()).bearer });
    await checked(listGET, "/api/servers", "/api/servers", { headers: {} });
    await checked(createPOST, "/api/servers", "/api/servers", { ...auth, body: { name: "x" } });
    const created = await checked(createPOST, "/api/servers", "/api/servers", {
      ...auth,
      body: { name: "Everything", transport: "streamable-http", url: `${everything.origin}/mcp`, tags: ["ref"] },
    });
    expect(created.status).toBe(201);
    const id = String(created.json.id);
    const list = await checked(listGET, "/api/servers", "/api/servers", auth);
    expect(list.json.servers).toHaveLength(1);
    await checked(serverGET, "/api/servers/{id}", `/api/servers/${id}`, { ...auth, params: { id } });
    await checked(serverPATCH, "/api/servers/{id}", `/api/servers/${id}`, {
      ...auth,
      method: "PATCH",
      params: { id },
      body: { description: "Reference server" },
    });
    const missing = await checked(serverGET, "/api/servers/{id}", "/api/servers/nope", { ...auth, params: { id: "nope" } });
    expect(missing.status).toBe(404);
    await checked(signoutPOST, "/api/auth/signout", "/api/auth/signout", { body: {} });
    expect(found).toEqual([]);
  });

  it("describes every route's successful answer", async () => {
    const admin = await signInAdmin({ plan: "pro" });
    const owner = await signIn({ plan: "pro" });
    const resources = await createOwnedResources(owner.uid, `${everything.origin}/mcp`);
    // Somewhere for the test event to go and a secret to rotate: any address will do, the delivery's outcome is in the answer.
    const webhook = await call(settingsPATCH, "/api/user/settings", { method: "PATCH", headers: owner.bearer, body: { webhookUrl: `${everything.origin}/webhook` } });
    expect(webhook.status).toBe(200);
    const routes = routeMethods()
      .filter((r) => r.key !== "DELETE /api/user")
      .sort((a, b) => order(a) - order(b));
    const succeeded: string[] = [];
    const failed: string[] = [];
    for (const r of routes) {
      const entry = ROUTE_TABLE[r.key];
      const caller = entry.kind === "admin" ? admin.bearer : entry.kind === "user" || entry.kind === "owned" ? owner.bearer : {};
      const params = entry.params?.(resources);
      const body = entry.body?.(resources);
      const query = entry.query ? `?${new URLSearchParams(entry.query(resources))}` : "";
      const handler = (await loadRoute(r.file))[r.method] as Parameters<typeof send>[0];
      const answer = await send(handler, {
        method: r.method,
        path: fillPath(r.path, params ?? {}) + query,
        params,
        headers: { ...caller, origin: ORIGIN, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (answer.status >= 300) {
        if (!(r.key in NO_SUCCESS_HERE)) failed.push(`${r.key}: ${answer.status} ${answer.text.slice(0, 200)}`);
        continue;
      }
      succeeded.push(r.key);
      found.push(...problems(r.path.replace(/\[([^\]]+)\]/g, "{$1}"), r.method, answer.status, answer.json, answer.contentType));
    }

    const gone = await signIn();
    const deleted = await call(userDELETE, "/api/user", { method: "DELETE", headers: gone.bearer, body: { confirm: gone.email } });
    found.push(...problems("/api/user", "DELETE", deleted.status, deleted.json, deleted.headers.get("content-type") ?? ""));
    if (deleted.status !== 200) failed.push(`DELETE /api/user: ${deleted.status}`);

    expect(failed).toEqual([]);
    expect(found).toEqual([]);
    expect(succeeded.length + 1 + Object.keys(NO_SUCCESS_HERE).length).toBe(Object.keys(ROUTE_TABLE).length);
  });

  it("describes each line of a call's NDJSON stream", async () => {
    const owner = await signIn({ plan: "pro" });
    const { server } = await createOwnedResources(owner.uid, `${everything.origin}/mcp`);
    const res = await call(callPOST, `/api/servers/${server}/call`, {
      headers: { ...owner.bearer, accept: "application/x-ndjson" },
      params: { id: server },
      body: { method: "tools/call", params: { name: "trigger-long-running-operation", arguments: { duration: 1, steps: 2 } } },
    });
    const lines = res.text.trim().split("\n").map((line) => JSON.parse(line) as { type: string });
    expect(lines.filter((l) => l.type === "progress")).toHaveLength(2);
    expect(lines.at(-1)?.type).toBe("result");
    expect(problems("/api/servers/{id}/call", "POST", res.status, lines, res.headers.get("content-type") ?? "")).toEqual([]);
    expect(problems("/api/servers/{id}/call", "POST", 200, [{ type: "progress" }], "application/x-ndjson")).not.toEqual([]);
  });

  it("catches an answer that differs from it", () => {
    expect(problems("/api/health", "GET", 200, { status: "ok", database: { reachable: true } })).not.toEqual([]);
    expect(problems("/api/servers", "GET", 401, { message: "no code" })).not.toEqual([]);
    expect(problems("/api/activity/export", "GET", 200, undefined, "text/html")).not.toEqual([]);
  });
});
