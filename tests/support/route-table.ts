import fs from "node:fs";
import path from "node:path";
import type { OwnedResources } from "./owned-resources";

/**
 * Who may call each route of the app, one entry per route and method. The
 * authorization matrix (tests/integration/authorization-matrix.test.ts)
 * fails on any route file's method missing here, so a new endpoint cannot
 * ship without saying who may use it; the fuzzer reuses the ids and bodies.
 *
 * Kinds:
 * - `public`   anyone, signed in or not; the route does not act on a session
 *              (health, config, the contact form). Anonymous is never 401.
 * - `session`  anyone, but it starts or ends the browser's session (sign-in,
 *              sign-out, demo): a write from another origin is 403.
 * - `optional` anyone; a signed-in caller's rows are attributed to them
 *              (analytics): a cookie write from another origin is 403.
 * - `user`     signed in, and it acts only on the caller's own data, named by
 *              no id in the path: anonymous 401, a deleted account's token 401,
 *              a cookie write from another origin 403.
 * - `owned`    as `user`, and the path names a resource: another user's id is
 *              answered 404 and changes nothing.
 * - `admin`    administrators only: as `user`, and an ordinary user is 403.
 *
 * `params` points the path at the owner's resources (and `namesOwned` says
 * that `body` or `query` does too); `body` and `query` are
 * valid ones, so that a refusal proves the check rather than the validation.
 * Keys are `METHOD /api/path` with the folder names under `app/api/` (`[id]`
 * as written).
 */
export type RouteKind = "public" | "session" | "optional" | "user" | "owned" | "admin";

export interface RouteEntry {
  kind: RouteKind;
  params?: (r: OwnedResources) => Record<string, string>;
  body?: (r: OwnedResources) => unknown;
  query?: (r: OwnedResources) => Record<string, string>;
  /**
   * The valid body or query names the owner's resources too (a server id in
   * a filter or a form): another user sending the very same request is
   * refused (4xx, nothing changed) or answered with nothing of the owner's.
   */
  namesOwned?: true;
}

const server = (r: OwnedResources) => ({ id: r.server });
const gateway = (r: OwnedResources) => ({ id: r.gateway });

export const ROUTE_TABLE: Record<string, RouteEntry> = {
  "GET /api/health": { kind: "optional" },
  "GET /api/config": { kind: "public" },
  "GET /api/openapi.json": { kind: "public" },
  // Answered 404 while METRICS_TOKEN is unset (as in these tests), 401 to a wrong token: never a user's session.
  "GET /api/metrics": { kind: "public" },

  "POST /api/auth/session": { kind: "session", body: (r) => ({ idToken: "not-a-token", uid: r.uid, email: "someone@example.com" }) },
  "POST /api/auth/signout": { kind: "session" },
  "POST /api/auth/demo": { kind: "session" },

  "POST /api/analytics/events": { kind: "optional", body: () => ({ events: [{ name: "page_view", path: "/" }] }) },
  // A signed-in sender is recorded with the message, so that export and deletion can tell it from a typed address.
  "POST /api/contact": {
    kind: "optional",
    body: () => ({ name: "Visitor", email: "visitor@example.com", subject: "The API", message: "Where is the API reference?" }),
  },

  "GET /api/dashboard": { kind: "user" },
  "GET /api/activity": { kind: "user", query: (r) => ({ serverId: r.server }), namesOwned: true },
  "GET /api/activity/export": { kind: "user", query: (r) => ({ serverId: r.server }), namesOwned: true },
  "GET /api/servers": { kind: "user" },
  "POST /api/servers": { kind: "user", body: (r) => ({ name: `another-${r.server.slice(0, 8)}`, transport: "streamable-http", url: r.serverUrl }) },
  "POST /api/servers/test": { kind: "user", body: (r) => ({ transport: "streamable-http", url: r.serverUrl }) },
  "GET /api/gateways": { kind: "user" },
  "GET /api/oauth/callback": { kind: "user", query: () => ({ code: "not-a-code", state: "not-a-state" }) },
  "POST /api/gateways": { kind: "user", body: (r) => ({ name: `Gateway for ${r.server.slice(0, 8)}`, servers: [{ serverId: r.server }] }), namesOwned: true },
  "GET /api/status-pages": { kind: "user" },
  "POST /api/status-pages": { kind: "user", body: (r) => ({ slug: `page-${r.statusPage.slice(0, 8)}`, title: "Status", serverIds: [r.server] }), namesOwned: true },
  "GET /api/support/tickets": { kind: "user" },
  "POST /api/support/tickets": {
    kind: "user",
    body: (r) => ({ subject: "A question", category: "question", message: "How do I read the API reference?", serverId: r.server }),
    namesOwned: true,
  },
  "GET /api/user/alerts/deliveries": { kind: "user" },
  "POST /api/user/alerts/test": { kind: "user" },
  "GET /api/user/alerts/silences": { kind: "user" },
  "GET /api/user/alerts/channels": { kind: "user" },
  "POST /api/user/alerts/channels": { kind: "user", body: () => ({ name: "Team", settings: { kind: "slack", url: "https://hooks.slack.com/services/T1/B1/matrix" } }) },
  "POST /api/user/alerts/silences": { kind: "user", body: (r) => ({ serverId: r.server, duration: "1h", reason: "Deploying" }), namesOwned: true },
  "GET /api/maintenance": { kind: "user" },
  "POST /api/maintenance": {
    kind: "user",
    body: (r) => ({ startsAt: new Date().toISOString(), endsAt: new Date(Date.now() + 3_600_000).toISOString(), serverIds: [r.server], note: "Upgrade" }),
    namesOwned: true,
  },
  "GET /api/user/export": { kind: "user" },
  "DELETE /api/user": { kind: "user" },
  "GET /api/user/settings": { kind: "user" },
  "PATCH /api/user/settings": { kind: "user", body: () => ({ emailAlerts: false }) },
  "POST /api/user/settings/webhook-secret": { kind: "user" },
  "GET /api/user/subscription": { kind: "user" },
  "GET /api/workbench/history": { kind: "user", query: (r) => ({ serverId: r.server }), namesOwned: true },
  "DELETE /api/user/sessions": { kind: "user" },
  "GET /api/user/tokens": { kind: "user" },
  "GET /api/user/connected-apps": { kind: "user" },
  "POST /api/user/tokens": { kind: "user", body: () => ({ name: "CI", scope: "read" }) },
  "GET /api/servers/export": { kind: "user" },
  "POST /api/servers/import/preview": { kind: "user", body: () => ({ text: JSON.stringify({ mcpServers: { a: { url: "https://mcp.example.com/mcp" } } }) }) },
  "POST /api/servers/import": { kind: "user", body: () => ({ text: JSON.stringify({ mcpServers: { a: { url: "https://mcp.example.com/mcp" } } }) }) },

  "GET /api/activity/[id]": { kind: "owned", params: (r) => ({ id: r.activity }) },
  "DELETE /api/user/tokens/[id]": { kind: "owned", params: (r) => ({ id: r.apiToken }) },
  "DELETE /api/user/connected-apps/[id]": { kind: "owned", params: (r) => ({ id: r.grant }) },
  // A sign-in request that names a gateway is its owner's to answer.
  "POST /api/oauth/authorizations/[id]": { kind: "owned", params: (r) => ({ id: r.authorization }), body: () => ({ decision: "deny" }) },
  "GET /api/workbench/history/[id]": { kind: "owned", params: (r) => ({ id: r.history }) },
  // Pending server requests live in memory for the length of one call; the id stands for one the other user cannot name.
  "POST /api/workbench/requests/[id]": { kind: "owned", params: (r) => ({ id: r.history }), body: () => ({ action: "decline" }) },
  "GET /api/servers/[id]": { kind: "owned", params: server },
  "PATCH /api/servers/[id]": { kind: "owned", params: server, body: () => ({ name: "renamed by someone else" }) },
  "DELETE /api/servers/[id]": { kind: "owned", params: server },
  "POST /api/servers/[id]/call": { kind: "owned", params: server, body: () => ({ method: "ping" }) },
  "POST /api/servers/[id]/check": { kind: "owned", params: server },
  "GET /api/servers/[id]/checks": { kind: "owned", params: server },
  "GET /api/servers/[id]/checks/export": { kind: "owned", params: server },
  "POST /api/servers/[id]/complete": {
    kind: "owned",
    params: server,
    body: () => ({ ref: { type: "ref/prompt", name: "completable-prompt" }, argument: { name: "department", value: "S" } }),
  },
  "POST /api/servers/[id]/discover": { kind: "owned", params: server },
  "GET /api/servers/[id]/events": { kind: "owned", params: server },
  "GET /api/servers/[id]/incidents": { kind: "owned", params: server },
  "GET /api/servers/[id]/incidents/export": { kind: "owned", params: server },
  "GET /api/servers/[id]/result-findings": { kind: "owned", params: server },
  "GET /api/servers/[id]/latency": { kind: "owned", params: server },
  "GET /api/servers/[id]/incidents/[incidentId]/updates": { kind: "owned", params: (r) => ({ id: r.server, incidentId: r.incident }) },
  "POST /api/servers/[id]/incidents/[incidentId]/updates": {
    kind: "owned",
    params: (r) => ({ id: r.server, incidentId: r.incident }),
    body: () => ({ body: "Not mine to write." }),
  },
  "GET /api/servers/[id]/inventory": { kind: "owned", params: server },
  "POST /api/servers/[id]/scan": { kind: "owned", params: server },
  "GET /api/servers/[id]/scan": { kind: "owned", params: server },
  "POST /api/servers/[id]/scan/baseline": { kind: "owned", params: server },
  "GET /api/servers/[id]/scan/export": { kind: "owned", params: server },
  "PATCH /api/servers/[id]/findings/[fingerprint]": {
    kind: "owned",
    params: (r) => ({ id: r.server, fingerprint: r.finding }),
    body: () => ({ status: "accepted", reason: "Not mine to accept." }),
  },
  "GET /api/servers/[id]/scans/[scanId]": { kind: "owned", params: (r) => ({ id: r.server, scanId: r.scan }) },
  "POST /api/servers/[id]/subscriptions": { kind: "owned", params: server, body: () => ({ uri: "test://static/resource/1" }) },
  "DELETE /api/servers/[id]/subscriptions": { kind: "owned", params: server, query: () => ({ uri: "test://static/resource/1" }) },
  "GET /api/servers/[id]/uptime": { kind: "owned", params: server },
  "POST /api/servers/[id]/authorize": { kind: "owned", params: server, body: () => ({}) },
  "GET /api/gateways/[id]": { kind: "owned", params: gateway },
  "PATCH /api/gateways/[id]": { kind: "owned", params: gateway, body: (r) => ({ name: "Not mine", servers: [{ serverId: r.server }] }) },
  "DELETE /api/gateways/[id]": { kind: "owned", params: gateway },
  "GET /api/gateways/[id]/view": { kind: "owned", params: gateway },
  "GET /api/gateways/[id]/approve": { kind: "owned", params: gateway, query: (r) => ({ serverId: r.server }) },
  "POST /api/gateways/[id]/approve": { kind: "owned", params: gateway, body: (r) => ({ serverId: r.server }) },
  "GET /api/gateways/[id]/calls": { kind: "owned", params: gateway },
  "GET /api/gateways/[id]/stats": { kind: "owned", params: gateway, query: () => ({ range: "24h" }) },
  "GET /api/status-pages/[id]": { kind: "owned", params: (r) => ({ id: r.statusPage }) },
  "PATCH /api/status-pages/[id]": { kind: "owned", params: (r) => ({ id: r.statusPage }), body: (r) => ({ title: "Not mine", serverIds: [r.server] }) },
  "DELETE /api/status-pages/[id]": { kind: "owned", params: (r) => ({ id: r.statusPage }) },
  "DELETE /api/maintenance/[id]": { kind: "owned", params: (r) => ({ id: r.maintenance }) },
  "DELETE /api/user/alerts/silences/[id]": { kind: "owned", params: (r) => ({ id: r.silence }) },
  "PATCH /api/user/alerts/channels/[id]": { kind: "owned", params: (r) => ({ id: r.alertChannel }), body: () => ({ name: "Not mine" }) },
  "DELETE /api/user/alerts/channels/[id]": { kind: "owned", params: (r) => ({ id: r.alertChannel }) },
  "POST /api/user/alerts/channels/[id]/test": { kind: "owned", params: (r) => ({ id: r.alertChannel }) },
  "GET /api/servers/[id]/alert-channels": { kind: "owned", params: server },
  "PUT /api/servers/[id]/alert-channels": { kind: "owned", params: server, body: () => ({ mode: "all" }) },
  "GET /api/support/tickets/[id]": { kind: "owned", params: (r) => ({ id: r.ticket }) },
  "PATCH /api/support/tickets/[id]": { kind: "owned", params: (r) => ({ id: r.ticket }), body: () => ({ status: "closed" }) },
  "POST /api/support/tickets/[id]/messages": { kind: "owned", params: (r) => ({ id: r.ticket }), body: () => ({ body: "Not mine." }) },

  "GET /api/admin/users": { kind: "admin" },
  "PATCH /api/admin/users/[uid]": { kind: "admin", params: (r) => ({ uid: r.uid }), body: () => ({ role: "admin" }) },
  "GET /api/admin/contact-messages": { kind: "admin" },
  "PATCH /api/admin/contact-messages/[id]": { kind: "admin", params: (r) => ({ id: r.contactMessage }), body: () => ({ status: "archived" }) },
  "GET /api/admin/support/tickets": { kind: "admin" },
};

export const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

const ROOT = path.resolve(__dirname, "../..");

function filesNamed(dir: string, name: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name === name)
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)))
    .sort();
}

/** The URL path a file under `app/` serves: route groups dropped, dynamic segments kept as written. */
export function urlPathOf(file: string): string {
  const segments = path.dirname(path.relative(path.join(ROOT, "app"), path.join(ROOT, file))).split(path.sep);
  return "/" + segments.filter((s) => s !== "." && !/^\(.*\)$/.test(s)).join("/");
}

export interface RouteMethod {
  file: string;
  path: string;
  method: (typeof HTTP_METHODS)[number];
  key: string;
}

/** Every `app/api/**\/route.ts` and the HTTP methods it exports, as written on disk. */
export function routeMethods(): RouteMethod[] {
  const exported = new RegExp(`^export\\s+(?:const|async\\s+function|function)\\s+(${HTTP_METHODS.join("|")})\\b`, "gm");
  return filesNamed(path.join(ROOT, "app/api"), "route.ts").flatMap((file) => {
    const source = fs.readFileSync(path.join(ROOT, file), "utf8");
    return [...source.matchAll(exported)].map((m) => {
      const method = m[1] as RouteMethod["method"];
      const p = urlPathOf(file);
      return { file, path: p, method, key: `${method} ${p}` };
    });
  });
}

/** Every page under a folder of `app/` (a route group such as `(app)`), as its URL path pattern. */
export function pagesIn(folder: string): string[] {
  return filesNamed(path.join(ROOT, "app", folder), "page.tsx").map(urlPathOf);
}

/** Every page of the console (`app/(app)/**\/page.tsx`), as its URL path pattern. */
export function consolePages(): string[] {
  return pagesIn("(app)");
}

/** The module of a route file, as Next.js would load it. */
export function loadRoute(file: string): Promise<Record<string, unknown>> {
  return import(path.join(ROOT, file));
}

/** A path pattern with its `[name]` segments filled in. */
export function fillPath(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/\[([^\]]+)\]/g, (_, name: string) => {
    try {
      return encodeURIComponent(params[name] ?? "x");
    } catch {
      // A lone surrogate cannot be percent-encoded; the handler still gets the value itself.
      return "x";
    }
  });
}
