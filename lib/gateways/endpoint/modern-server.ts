import "server-only";
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  createMcpHandler,
  Server,
  type CacheHint,
  type ServerContext,
} from "@modelcontextprotocol/server";
import { log } from "../../log";
import { VIEW_TTL_MS, type CachedView } from "../view-cache";
import type { Credential } from "./access";
import type { PlanHolder } from "../../plans/holder";
import type { OwedRequest } from "./owed-request";
import { MAX_LISTENS_PER_CREDENTIAL } from "./bounds";
import { inputRound, roundStates } from "./input-required";
import { closable, listChangesBus, mayListen } from "./listen";
import { GATEWAY_ERRORS, gatewayIdentity, gatewayOperations, traceparentOf, type CallChannel, type EndpointContext, type GatewayClient, type GatewayOperations } from "./operations";

/**
 * The MCP server a client of the 2026-07-28 revision talks to at a
 * gateway's endpoint (v2 SDK, modern only: handler.ts sends 2025 traffic to
 * mcp-server.ts). Each request stands alone: the client names itself and
 * its capabilities in the request's `_meta`, so there is no session to
 * open, store or look up; `server/discover` is the SDK's answer from the
 * identity and capabilities given here. What it lists and how it calls is
 * operations.ts's, as for 2025 clients; what a server asks during a call
 * reaches the client as `input_required` (input-required.ts).
 */

/**
 * Cache hints on the lists and on `server/discover`. `private`: what a
 * gateway serves is its owner's, behind the owner's credential, never for a
 * shared cache. `VIEW_TTL_MS`: the longest this instance itself may serve a
 * view after a change it did not hear of (view-cache.ts); a client may keep
 * a list as long, since a call of an item the view has hidden since is
 * refused, with the reason, against the view of the moment.
 */
const HINT: CacheHint = { ttlMs: VIEW_TTL_MS, cacheScope: "private" };
const CACHE_HINTS = { "server/discover": HINT, "tools/list": HINT, "prompts/list": HINT, "resources/list": HINT, "resources/templates/list": HINT };

/** Lists' changes are told on `subscriptions/listen` (listen.ts); no resource subscriptions. */
const CAPABILITIES = { tools: { listChanged: true }, prompts: { listChanged: true }, resources: { listChanged: true }, completions: {} };

/** What a modern request says of its client, in its `_meta`. */
function clientOf(ctx: ServerContext, laneId: string): GatewayClient {
  const envelope = (ctx.mcpReq.envelope ?? {}) as Record<string, unknown>;
  const info = (envelope[CLIENT_INFO_META_KEY] ?? {}) as { name?: unknown; version?: unknown };
  return {
    laneId,
    name: typeof info.name === "string" ? info.name : "",
    version: typeof info.version === "string" ? info.version : "",
    capabilities: (envelope[CLIENT_CAPABILITIES_META_KEY] ?? {}) as Record<string, unknown>,
  };
}

/**
 * The call's way back to its client: its cancellation, its progress and
 * the server's log messages on the request's stream; the server's
 * questions go to the client as `input_required` (input-required.ts).
 */
function channelOf(ctx: ServerContext, round: ReturnType<typeof inputRound>): CallChannel {
  const progressToken = ctx.mcpReq._meta?.progressToken;
  return {
    signal: round.signal,
    traceparent: traceparentOf(ctx.mcpReq._meta),
    refusal: round.refusal,
    declined: round.declined,
    asked: round.asked,
    events: {
      onProgress: (p) => {
        if (progressToken !== undefined) void ctx.mcpReq.notify({ method: "notifications/progress", params: { progressToken, ...p } }).catch(() => {});
      },
      onLog: (m) => void ctx.mcpReq.notify({ method: "notifications/message", params: { level: m.level, data: m.data, ...(m.logger ? { logger: m.logger } : {}) } }).catch(() => {}),
      ...round.events,
    },
  };
}

export interface ModernCaller {
  user: PlanHolder;
  credential: Credential;
  gatewayId: string;
  /** The request's count, when its call's start pays it (handler.ts). */
  owed: OwedRequest | null;
}

/** A modern client has no session: its requests share its credential's connections to the gateway's servers. */
const laneOf = (caller: ModernCaller) => `gw:${caller.gatewayId}:${caller.credential.tokenId ?? `grant:${caller.credential.grantId}`}`;

function modernServer(caller: ModernCaller, current: CachedView, req: Request): Server {
  const identity = gatewayIdentity({ current });
  const server = new Server(identity.info, {
    capabilities: CAPABILITIES,
    instructions: identity.instructions,
    cacheHints: CACHE_HINTS,
    // A requestState that fails its signature, or expired, is refused before any handler runs.
    requestState: { verify: (state, ctx) => roundStates().verify(state, ctx) },
  });
  const laneId = laneOf(caller);
  const opsOf = (ctx: ServerContext) => {
    const client = clientOf(ctx, laneId);
    const endpoint: EndpointContext = { gatewayId: caller.gatewayId, owner: caller.user, credential: { name: caller.credential.name, app: caller.credential.app }, client, current, req, owed: caller.owed ?? undefined };
    return { ops: gatewayOperations(endpoint), client };
  };
  /** A call, in as many rounds as the server's questions take. */
  const roundTrip = <T>(ctx: ServerContext, item: string, call: (ops: GatewayOperations, channel: CallChannel) => Promise<T>) => {
    const { ops, client } = opsOf(ctx);
    const round = inputRound(ctx, caller.gatewayId, client, item);
    return round.settle(call(ops, channelOf(ctx, round)));
  };
  server.setRequestHandler("tools/list", (request, ctx) => opsOf(ctx).ops.listTools(request.params?.cursor) as never);
  server.setRequestHandler("prompts/list", (request, ctx) => opsOf(ctx).ops.listPrompts(request.params?.cursor) as never);
  server.setRequestHandler("resources/list", (request, ctx) => opsOf(ctx).ops.listResources(request.params?.cursor) as never);
  server.setRequestHandler("resources/templates/list", (request, ctx) => opsOf(ctx).ops.listResourceTemplates(request.params?.cursor) as never);
  server.setRequestHandler("tools/call", (request, ctx) => roundTrip(ctx, request.params.name, (ops, channel) => ops.callTool(request.params, channel)));
  server.setRequestHandler("prompts/get", (request, ctx) => roundTrip(ctx, request.params.name, (ops, channel) => ops.getPrompt(request.params, channel)));
  server.setRequestHandler("resources/read", (request, ctx) => roundTrip(ctx, request.params.uri, (ops, channel) => ops.readResource(request.params, channel)));
  server.setRequestHandler("completion/complete", (request, ctx) => opsOf(ctx).ops.complete(request.params as never) as never);
  return server;
}

/**
 * A JSON answer (not a stream) with its length, which the SDK leaves out.
 * Without it the production server's compression (scripts/server.mjs does
 * what Next.js does) cannot tell that an answer is small, and gzips every
 * one: a zlib stream for a few hundred bytes, run on libuv's thread pool,
 * which cost a gateway call about 4 ms of waiting on a busy 2-core machine
 * (`npm run bench`). The SDK has the whole answer in memory already.
 */
async function sized(answer: Response): Promise<Response> {
  if (!answer.body || answer.headers.has("content-length") || !(answer.headers.get("content-type") ?? "").startsWith("application/json")) return answer;
  const bytes = new Uint8Array(await answer.arrayBuffer());
  const headers = new Headers(answer.headers);
  headers.set("content-length", String(bytes.byteLength));
  return new Response(bytes, { status: answer.status, headers });
}

/**
 * Serves one modern request, already authenticated, and counted unless its call's start counts it (handler.ts):
 * the SDK's per-request handler, strict (`legacy: "reject"`), checks the
 * envelope, the headers and the revision, and streams what the call says
 * before its result. `subscriptions/listen` is its listen router's, fed
 * with the gateway's list changes (listen.ts).
 */
export async function serveModern(req: Request, body: unknown, caller: ModernCaller, current: CachedView): Promise<Response> {
  const factory = () => modernServer(caller, current, req);
  const onerror = (err: Error) => log.debug("gateway modern request", { err: err.message });
  const { method, id } = (body ?? {}) as { method?: unknown; id?: unknown };
  if (method !== "subscriptions/listen") return sized(await createMcpHandler(factory, { legacy: "reject", onerror }).fetch(req, { parsedBody: body }));
  const laneId = laneOf(caller);
  if (!mayListen(laneId)) {
    const message = `This credential keeps ${MAX_LISTENS_PER_CREDENTIAL} subscriptions/listen streams open on this gateway (on this instance) already: close one first.`;
    return Response.json({ jsonrpc: "2.0", id: id ?? null, error: { code: GATEWAY_ERRORS.rateLimited, message } });
  }
  let close = () => {};
  const bus = listChangesBus(caller.gatewayId, laneId, () => close());
  const answer = closable(await createMcpHandler(factory, { legacy: "reject", onerror, bus }).fetch(req, { parsedBody: body }));
  close = answer.close;
  return answer.res;
}
