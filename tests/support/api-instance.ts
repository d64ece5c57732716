import http from "node:http";
import type { AddressInfo } from "node:net";
import { POST as sessionPOST } from "@/app/api/auth/session/route";
import { POST as decidePOST } from "@/app/api/oauth/authorizations/[id]/route";
import { GET as serverGET, PATCH as serverPATCH } from "@/app/api/servers/[id]/route";
import { POST as serversPOST } from "@/app/api/servers/route";
import { DELETE as appDELETE } from "@/app/api/user/connected-apps/[id]/route";
import { DIRECT_HANDLERS, DIRECT_ROUTES } from "@/app/direct-routes";
import { nodeRoutes } from "@/lib/http/node-routes";
import { startup } from "@/lib/startup";

/**
 * The service as a process of its own for tests that kill it: the real
 * start-up (configuration, opening and migrating the database, background
 * work) and the real route handlers of the API it needs, served by a plain
 * Node HTTP server (lib/http/node-routes.ts) on a free loopback port, which it prints as
 * `{"listening": port}`. The integration suite runs before the production
 * build exists, so `next start` is not available to it.
 * Run with tests/support/run-ts.mjs.
 */

const routes = nodeRoutes(
  [
  { method: "POST", pattern: /^\/api\/auth\/session$/, handler: sessionPOST },
  { method: "POST", pattern: /^\/api\/servers$/, handler: serversPOST },
  { method: "GET", pattern: /^\/api\/servers\/(?<id>[^/]+)$/, handler: serverGET },
  { method: "PATCH", pattern: /^\/api\/servers\/(?<id>[^/]+)$/, handler: serverPATCH },
  // The gateways' authorization server: the consent page's answer and Settings → Connected apps.
  { method: "POST", pattern: /^\/api\/oauth\/authorizations\/(?<id>[^/]+)$/, handler: decidePOST },
  { method: "DELETE", pattern: /^\/api\/user\/connected-apps\/(?<id>[^/]+)$/, handler: appDELETE },
  // And what the service serves ahead of Next.js's router: the workbench call, the gateways' endpoints.
  ...DIRECT_ROUTES,
  ],
  // The gateways' authorization server.
  DIRECT_HANDLERS,
);

const server = http.createServer((req, res) => {
  // As scripts/server.mjs does: the connection's address is the last entry.
  req.headers["x-forwarded-for"] = req.socket.remoteAddress ?? "127.0.0.1";
  const serve = routes(req);
  if (serve) serve(res);
  else res.writeHead(404).end();
});
void startup().then(() =>
  server.listen(0, "127.0.0.1", () => console.log(JSON.stringify({ listening: (server.address() as AddressInfo).port }))),
);
