import http from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { DIRECT_HANDLERS, DIRECT_ROUTES } from "@/app/direct-routes";
import { POST as gatewaysPOST } from "@/app/api/gateways/route";
import { POST as tokensPOST } from "@/app/api/user/tokens/route";
import { and, eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { activityEvents, rateLimits } from "@/lib/db/schema";
import { nodeRoutes } from "@/lib/http/node-routes";
import { call } from "./http";
import type { Session } from "./sign-in";

/**
 * A gateway for the tests: its endpoint and the gateways' authorization
 * server served on a loopback port by the very handlers the service serves
 * (as scripts/server.mjs does), a gateway token, and the SDK's own client
 * connected to it.
 */

export interface Endpoint {
  origin: string;
  url(slug: string): string;
  stop(): Promise<void>;
}

/**
 * `asAppUrl`: the service's own address (APP_URL) becomes this server's, as
 * OAuth needs (a gateway's protected resource metadata names its URL); set
 * before anything reads the configuration, in the file's first hook.
 */
export async function serveGateways({ asAppUrl = false } = {}): Promise<Endpoint> {
  const routes = nodeRoutes(DIRECT_ROUTES, DIRECT_HANDLERS);
  const server = http.createServer((req, res) => {
    const serve = routes(req);
    if (serve) serve(res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  if (asAppUrl) process.env.APP_URL = origin;
  return {
    origin,
    url: (slug) => `${origin}/mcp/${slug}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const as = (who: Session) => ({ ...who.headers });

export async function createGateway(who: Session, body: Record<string, unknown>) {
  const res = await call(gatewaysPOST, "/api/gateways", { body, headers: as(who) });
  if (res.status !== 201) throw new Error(`gateway not created: ${res.status} ${res.text}`);
  return res.json as { id: string; slug: string; url: string; servers: { serverId: string; prefix: string }[] };
}

export async function gatewayToken(who: Session, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await call(tokensPOST, "/api/user/tokens", { body: { name: `gateway ${Math.random()}`, scope: "gateway", ...extra }, headers: as(who) });
  if (res.status !== 201) throw new Error(`token not created: ${res.status} ${res.text}`);
  return res.json.token as string;
}

/** A gateway token and its id (what its counters and sessions are keyed by). */
export async function gatewayTokenWithId(who: Session, extra: Record<string, unknown> = {}): Promise<{ token: string; id: string }> {
  const res = await call(tokensPOST, "/api/user/tokens", { body: { name: `gateway ${Math.random()}`, scope: "gateway", ...extra }, headers: as(who) });
  if (res.status !== 201) throw new Error(`token not created: ${res.status} ${res.text}`);
  return { token: res.json.token as string, id: res.json.tokenInfo.id as string };
}

/** Sets the rate-limit counter `key` to `count` in the current window of `windowSec`: a limit spent but for what the test sends. */
export async function spendCounter(key: string, count: number, windowSec = 60) {
  const windowStart = new Date(Math.floor(Date.now() / (windowSec * 1000)) * windowSec * 1000);
  await (await db()).insert(rateLimits).values({ key, windowStart, count }).onConflictDoUpdate({ target: rateLimits.key, set: { windowStart, count } });
}

/** A POST of raw JSON-RPC to a gateway's endpoint, as any HTTP client (or attacker) can send it. */
export function postRaw(url: string, token: string, sessionId: string | null, body: unknown): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...(sessionId ? { "mcp-session-id": sessionId } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** A session opened with a bare initialize: its id. */
export async function initializeRaw(url: string, token: string): Promise<string> {
  const res = await postRaw(url, token, null, {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw-client", version: "1.0.0" } },
  });
  if (res.status !== 200) throw new Error(`initialize refused: ${res.status} ${await res.text()}`);
  await res.body?.cancel();
  return res.headers.get("mcp-session-id")!;
}

export async function connectClient(url: string, token: string, capabilities: Record<string, unknown> = {}): Promise<Client> {
  const client = new Client({ name: "gateway-test-client", version: "1.0.0" }, { capabilities });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return client;
}

/**
 * The `gateway.call` events of `item` for `uid`, oldest first, once their
 * outcomes are written: a call is recorded as under way before it runs and
 * its outcome follows the answer (lib/gateways/audit.ts).
 */
export async function recordedCalls(uid: string, item: string): Promise<Record<string, unknown>[]> {
  const until = Date.now() + 5_000;
  for (;;) {
    const rows = await (await db())
      .select({ metadata: activityEvents.metadata })
      .from(activityEvents)
      .where(and(eq(activityEvents.userUid, uid), eq(activityEvents.action, "gateway.call")))
      .orderBy(activityEvents.createdAt);
    const events = rows.map((r) => r.metadata).filter((m) => m.item === item);
    if (events.every((m) => m.outcome !== "running") || Date.now() > until) return events;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
