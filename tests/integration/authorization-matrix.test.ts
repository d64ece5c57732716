import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { DELETE as userDELETE } from "@/app/api/user/route";
import { specOf } from "@/lib/route/handler";
import { proxy } from "@/proxy";
import { describeEachDatabase } from "../support/databases";
import { call, ORIGIN } from "../support/http";
import { createOwnedResources, type OwnedResources } from "../support/owned-resources";
import { changedTables, fingerprint, send, type RawAnswer } from "../support/route-call";
import { consolePages, fillPath, loadRoute, ROUTE_TABLE, routeMethods, type RouteEntry, type RouteMethod } from "../support/route-table";
import { signIn, signInAdmin, type SignedIn } from "../support/sign-in";

/**
 * Issue 14, "Authorization matrix, generated": every route file's every
 * method, read from disk, is checked against what ROUTE_TABLE says about it.
 */

const EVIL_ORIGIN = "https://evil.example";
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** What each kind must declare to the route wrapper (plain handlers declare nothing: undefined). */
const DECLARED_AUTH: Record<RouteEntry["kind"], (string | undefined)[]> = {
  public: ["none", undefined],
  session: ["none"],
  optional: ["optional"],
  user: ["user"],
  owned: ["user"],
  admin: ["admin"],
};

type Handler = Parameters<typeof send>[0];

describeEachDatabase("authorization matrix", () => {
  let owner: SignedIn;
  let other: SignedIn;
  let admin: SignedIn;
  let deleted: SignedIn;
  let resources: OwnedResources;

  beforeAll(async () => {
    [owner, other, admin, deleted] = await Promise.all([
      signIn({ plan: "pro" }),
      signIn({ plan: "pro" }),
      signInAdmin({ plan: "pro" }),
      signIn({ plan: "pro" }),
    ]);
    const gone = await call(userDELETE, "/api/user", { method: "DELETE", cookie: deleted.cookie, body: { confirm: deleted.email } });
    expect(gone.status).toBe(200);
    resources = await createOwnedResources(owner.uid);
  });

  test("every route file's every method is described by the table", () => {
    const found = routeMethods().map((r) => r.key);
    const missing = found.filter((key) => !(key in ROUTE_TABLE));
    const stale = Object.keys(ROUTE_TABLE).filter((key) => !found.includes(key));
    expect({ missingFromTable: missing, inTableButNoRoute: stale }).toEqual({ missingFromTable: [], inTableButNoRoute: [] });
  });

  // Every method of every route, by each kind of caller: minutes on a loaded machine.
  test("every route answers each kind of caller as its kind says, and a refusal changes nothing", async () => {
    const routes = routeMethods().filter((r) => r.key in ROUTE_TABLE);
    const failures: string[] = [];
    let checks = 0;

    for (const r of routes) {
      const entry = ROUTE_TABLE[r.key];
      const handler = (await loadRoute(r.file))[r.method] as Handler;
      const declared = specOf(handler)?.auth;
      checks += 1;
      if (!DECLARED_AUTH[entry.kind].includes(declared)) {
        failures.push(`${r.key}: the table says ${entry.kind}, the route declares auth ${String(declared)}`);
      }

      /** Sends the entry's valid request as `headers` say, and checks the status (and that nothing changed, for a refusal). */
      const expectAnswer = async (what: string, headers: Record<string, string>, status: number, params = entry.params?.(resources)) => {
        checks += 1;
        const before = await fingerprint();
        const answer = await sendValid(handler, r, entry, resources, headers, params);
        const changed = changedTables(before, await fingerprint());
        if (answer.status !== status) failures.push(`${r.key} ${what}: expected ${status}, got ${answer.status} ${answer.text.slice(0, 200)}`);
        else if (changed.length) failures.push(`${r.key} ${what}: refused, yet changed ${changed.join(", ")}`);
      };

      const write = WRITES.has(r.method);
      switch (entry.kind) {
        case "public": {
          checks += 1;
          const answer = await sendValid(handler, r, entry, resources, write ? { origin: ORIGIN } : {});
          if (answer.status === 401 || answer.status === 403) failures.push(`${r.key} anonymous: a public route answered ${answer.status}`);
          break;
        }
        case "session":
        case "optional":
          if (write) await expectAnswer("cookie write from another origin", { cookie: owner.cookie, origin: EVIL_ORIGIN }, 403);
          break;
        case "user":
        case "owned":
        case "admin": {
          const same: Record<string, string> = write ? { origin: ORIGIN } : {};
          await expectAnswer("anonymous", same, 401);
          if (entry.params) await expectAnswer("anonymous with a made-up id", same, 401, garbageParams(entry.params(resources)));
          await expectAnswer("deleted account's bearer token", deleted.bearer, 401);
          await expectAnswer("deleted account's session cookie", { ...same, cookie: deleted.cookie }, 401);
          const rightful = entry.kind === "admin" ? admin : owner;
          if (write) await expectAnswer("cookie write from another origin", { cookie: rightful.cookie, origin: EVIL_ORIGIN }, 403);
          if (write) await expectAnswer("cookie write with a cross-site fetch and no origin", { cookie: rightful.cookie, "sec-fetch-site": "cross-site" }, 403);
          if (entry.kind === "owned") {
            await expectAnswer("another user's resource by bearer", other.bearer, 404);
            await expectAnswer("another user's resource by cookie", { ...same, cookie: other.cookie }, 404);
          }
          if (entry.namesOwned) {
            // The caller's own path, the owner's ids in the body or query.
            checks += 1;
            const before = await fingerprint();
            const answer = await sendValid(handler, r, entry, resources, { ...other.bearer });
            const changed = changedTables(before, await fingerprint());
            if (answer.status >= 500) failures.push(`${r.key} another user's ids in the request: answered ${answer.status}`);
            else if (answer.status >= 400 && changed.length) failures.push(`${r.key} another user's ids in the request: refused, yet changed ${changed.join(", ")}`);
            else if (answer.status < 400 && (changed.length || answer.text.includes(owner.uid) || answer.text.includes(`"${resources.server}"`))) {
              failures.push(`${r.key} another user's ids in the request: answered ${answer.status} with the owner's data or a change (${changed.join(", ")})`);
            }
          }
          if (entry.kind === "admin") {
            await expectAnswer("an ordinary user's bearer", other.bearer, 403);
            await expectAnswer("an ordinary user's cookie", { ...same, cookie: other.cookie }, 403);
          }
          break;
        }
      }
    }

    const files = new Set(routes.map((r) => r.file)).size;
    console.log(`authorization matrix: ${files} routes, ${routes.length} methods, ${checks} checks`);
    expect(failures).toEqual([]);
  }, 240_000);

  test("every console page sends an anonymous visitor to sign-in, and comes back after", async () => {
    const pages = consolePages();
    const failures: string[] = [];
    for (const pattern of pages) {
      const path = fillPath(pattern, { id: randomUUID() });
      const res = await proxy(new NextRequest(`${ORIGIN}${path}`));
      const location = res.headers.get("location");
      const target = location ? new URL(location) : null;
      if (res.status !== 307 || target?.pathname !== "/auth/login" || target.searchParams.get("redirect") !== path) {
        failures.push(`${pattern}: ${res.status} ${location ?? "(no redirect)"}`);
      }
    }
    console.log(`authorization matrix: ${pages.length} console pages`);
    expect(failures).toEqual([]);
  });
});

/** The same parameter names with values that name nothing. */
function garbageParams(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.keys(params).map((k) => [k, "not-an-id"]));
}

function sendValid(
  handler: Handler,
  r: RouteMethod,
  entry: RouteEntry,
  resources: OwnedResources,
  headers: Record<string, string>,
  params = entry.params?.(resources),
): Promise<RawAnswer> {
  const query = entry.query ? `?${new URLSearchParams(entry.query(resources))}` : "";
  const body = entry.body?.(resources);
  return send(handler, {
    method: r.method,
    path: fillPath(r.path, params ?? {}) + query,
    params,
    headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
