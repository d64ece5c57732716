import http from "node:http";
import type { AddressInfo } from "node:net";
import { NextRequest } from "next/server";
import { POST as sessionPOST } from "@/app/api/auth/session/route";
import { POST as callPOST } from "@/app/api/servers/[id]/call/route";
import { GET as serverGET, PATCH as serverPATCH } from "@/app/api/servers/[id]/route";
import { POST as serversPOST } from "@/app/api/servers/route";
import { startup } from "@/lib/startup";

/**
 * The service as a process of its own for tests that kill it: the real
 * start-up (configuration, opening and migrating the database, background
 * work) and the real route handlers of the API it needs, served by a plain
 * Node HTTP server on a free loopback port, which it prints as
 * `{"listening": port}`. The integration suite runs before the production
 * build exists, so `next start` is not available to it.
 * Run with tests/support/run-ts.mjs.
 */

type Handler = (req: NextRequest, segment: { params: Promise<Record<string, string>> }) => Promise<Response>;

const ROUTES: { method: string; pattern: RegExp; handler: Handler }[] = [
  { method: "POST", pattern: /^\/api\/auth\/session$/, handler: sessionPOST },
  { method: "POST", pattern: /^\/api\/servers$/, handler: serversPOST },
  { method: "GET", pattern: /^\/api\/servers\/(?<id>[^/]+)$/, handler: serverGET },
  { method: "PATCH", pattern: /^\/api\/servers\/(?<id>[^/]+)$/, handler: serverPATCH },
  { method: "POST", pattern: /^\/api\/servers\/(?<id>[^/]+)\/call$/, handler: callPOST },
];

async function serve(req: http.IncomingMessage, res: http.ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const url = new URL(req.url ?? "/", "http://localhost:3000");
  const found = ROUTES.map((r) => ({ r, match: r.method === req.method ? r.pattern.exec(url.pathname) : null })).find((m) => m.match);
  if (!found) return res.writeHead(404).end();
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  // As scripts/server.mjs does: the connection's address is the last entry.
  headers.set("x-forwarded-for", req.socket.remoteAddress ?? "127.0.0.1");
  const body = chunks.length ? Buffer.concat(chunks) : undefined;
  const answer = await found.r.handler(new NextRequest(url, { method: req.method, headers, body }), {
    params: Promise.resolve({ ...found.match!.groups }),
  });
  res.writeHead(answer.status, Object.fromEntries(answer.headers));
  res.end(Buffer.from(await answer.arrayBuffer()));
}

const server = http.createServer((req, res) => {
  serve(req, res).catch((err: unknown) => {
    console.error(err);
    res.destroy();
  });
});
void startup().then(() =>
  server.listen(0, "127.0.0.1", () => console.log(JSON.stringify({ listening: (server.address() as AddressInfo).port }))),
);
