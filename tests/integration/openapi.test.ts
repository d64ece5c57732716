import { readdirSync } from "node:fs";
import path from "node:path";
import { GET as openapiGET } from "@/app/api/openapi.json/route";
import { GET as healthGET } from "@/app/api/health/route";
import { GET as serverGET, PATCH as serverPATCH } from "@/app/api/servers/[id]/route";
import { GET as listGET, POST as createPOST } from "@/app/api/servers/route";
import { POST as signoutPOST } from "@/app/api/auth/signout/route";
import { apiRoutes } from "@/lib/openapi/routes";
import { describeEachDatabase } from "../support/databases";
import { call, type CallOptions } from "../support/http";
import { startEverything, type RunningServer } from "../support/mcp-server";
import { responseValidator } from "../support/openapi";
import { signIn, type SignedIn } from "../support/sign-in";

jest.setTimeout(60_000);

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

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

  it("catches an answer that differs from it", () => {
    expect(problems("/api/health", "GET", 200, { status: "ok" })).not.toEqual([]);
    expect(problems("/api/servers", "GET", 401, { message: "no code" })).not.toEqual([]);
  });
});
