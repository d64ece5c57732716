import "server-only";
import { isLegacyRequest } from "@modelcontextprotocol/server";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { isInitializeRequest, isJSONRPCRequest, JSONRPCMessageSchema, LATEST_PROTOCOL_VERSION, type InitializeRequest, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { env } from "../../env";
import { readJsonBody } from "../../http/body";
import { HttpError } from "../../http/errors";
import { log } from "../../log";
import { isApiToken } from "../../tokens/secret";
import { cachedView } from "../view-cache";
import { tokenHolder } from "../../tokens/holder";
import { looksLikeAccessToken, verifyAccessToken } from "../../oauth-server/access-tokens";
import { activeGrant } from "../../oauth-server/grants";
import { gatewayResource } from "../../oauth-server/issuer";
import type { PlanHolder } from "../../plans/holder";
import { endSession, findSession, gatewayBySlug, openSession, type Credential, type GatewayRef, type SessionRef } from "./access";
import { countGatewayRequest, type LimitHit } from "./limits";
import { gatewayServer, sessionClient } from "./mcp-server";
import { GATEWAY_ERRORS } from "./operations";
import { deliver, holdRequest } from "./relay";
import { openListStream } from "./list-stream";
import { serveModern } from "./modern-server";
import { OwedRequest } from "./owed-request";

/**
 * A gateway's MCP endpoint, `/mcp/{slug}`: Streamable HTTP, for clients of
 * both revisions, told apart per request. A request that carries the
 * 2026-07-28 envelope stands alone (modern-server.ts, v2 SDK). A 2025
 * client's is served by the v1 SDK's server transport, one request at a
 * time, in its session (mcp-server.ts). The session lives in
 * the database, so that each request may land on any instance behind the
 * load balancer (no sticky sessions): the transport runs without sessions of
 * its own and this handler checks the client's `Mcp-Session-Id` itself.
 */

/** An agent's request: arguments typed by a model, not uploads. */
const MAX_BODY_BYTES = 1024 * 1024;
const MAX_DEPTH = 64;
/** What a list or a ping needs: one JSON answer, not a stream. */
const PLAIN_METHODS = new Set(["initialize", "ping", "tools/list", "prompts/list", "resources/list", "resources/templates/list", "logging/setLevel"]);
/** What the gateway answers from what it holds, changing nothing: answered while their count is under way. */
const READ_METHODS = new Set(["ping", "server/discover", "tools/list", "prompts/list", "resources/list", "resources/templates/list"]);
/** What a call's start counts (operations.ts's `begin`), in both revisions. */
const CALL_METHODS = new Set(["tools/call", "prompts/get", "resources/read", "completion/complete"]);

export function jsonRpcError(status: number, code: number, message: string, headers: Record<string, string> = {}): Response {
  return Response.json({ jsonrpc: "2.0", error: { code, message }, id: null }, { status, headers });
}

/** RFC 9728's hint, per the MCP authorization spec: where a client finds how to get a token. */
function unauthorized(slug: string, message: string): Response {
  const metadata = `${env().appUrl}/.well-known/oauth-protected-resource/mcp/${slug}`;
  return jsonRpcError(401, -32001, message, { "WWW-Authenticate": `Bearer resource_metadata="${metadata}"` });
}

export const notFound = () => jsonRpcError(404, -32001, "No gateway at this address.");

interface Caller {
  user: PlanHolder;
  /** What the client signed in with: a personal token, or an OAuth grant (lib/oauth-server). */
  credential: Credential;
  gateway: GatewayRef;
}

const insufficientScope = { "WWW-Authenticate": 'Bearer error="insufficient_scope", scope="gateway"' };

/** A personal API token's owner and the gateway, or the HTTP answer that refuses them. */
async function byApiToken(token: string, slug: string): Promise<Caller | Response> {
  const holder = isApiToken(token) ? await tokenHolder(token) : null;
  if (!holder) return unauthorized(slug, "This API token is not valid: it was revoked or never existed.");
  if (holder.expiresAt !== null && holder.expiresAt <= Date.now()) return unauthorized(slug, "This API token has expired. Create a new one in Settings.");
  if (holder.scope !== "gateway") return jsonRpcError(403, -32001, "This token cannot open gateways: create a token with the gateway scope.", insufficientScope);
  const gateway = await gatewayBySlug(slug);
  if (!gateway || gateway.ownerUid !== holder.user.uid) return notFound();
  if (holder.gatewayId && holder.gatewayId !== gateway.id) return jsonRpcError(403, -32001, "This token opens another gateway only.", insufficientScope);
  return { user: holder.user, credential: { tokenId: holder.tokenId, grantId: null, name: holder.tokenName, app: null }, gateway };
}

/** An OAuth access token the console issued for this gateway, while its grant is in force. */
async function byAccessToken(token: string, slug: string): Promise<Caller | Response> {
  const checked = await verifyAccessToken(token, gatewayResource(slug));
  if (!checked.ok) return unauthorized(slug, checked.reason === "expired" ? "The access token has expired: refresh it." : "This access token is not valid for this gateway.");
  const grant = await activeGrant(checked.claims.grantId);
  if (!grant) return unauthorized(slug, "This app's access was revoked: sign in again.");
  const gateway = await gatewayBySlug(slug);
  if (!gateway || gateway.id !== grant.gatewayId || gateway.ownerUid !== grant.user.uid) return unauthorized(slug, "This access token is not valid for this gateway.");
  return { user: grant.user, credential: { tokenId: null, grantId: grant.grantId, name: `${grant.clientName} (OAuth)`, app: grant.clientName }, gateway };
}

/** The caller and the gateway, or the HTTP answer that refuses them. */
async function authorize(req: Request, slug: string): Promise<Caller | Response> {
  const header = req.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) return unauthorized(slug, "This gateway needs a token: sign in with OAuth, or send Authorization: Bearer <token> with a gateway token from Settings → API tokens.");
  return looksLikeAccessToken(match[1]) ? byAccessToken(match[1], slug) : byApiToken(match[1], slug);
}

/**
 * The caller, once its request, whatever its method, is counted against its
 * gateway's and its credential's requests of the minute; over either, 429
 * with Retry-After and the gateway's JSON-RPC error for limits.
 */
async function admit(req: Request, slug: string): Promise<Caller | Response> {
  const caller = await authorize(req, slug);
  if (caller instanceof Response) return caller;
  const limited = await countGatewayRequest(caller.user, caller.gateway.id, caller.credential);
  return limited ? tooMany(limited) : caller;
}

function tooMany(limited: LimitHit): Response {
  return Response.json(
    { jsonrpc: "2.0", error: { code: GATEWAY_ERRORS.rateLimited, message: limited.message, data: { retryAfterSec: limited.retryAfterSec } }, id: null },
    { status: 429, headers: { "Retry-After": String(limited.retryAfterSec) } },
  );
}

/** A session belongs to the credential that opened it: the same token, or the same grant across refreshes. */
const heldBy = (session: SessionRef, caller: Caller) => session.tokenId === caller.credential.tokenId && session.grantId === caller.credential.grantId;

function tooDeep(value: unknown): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== "object") continue;
    if (depth >= MAX_DEPTH) return true;
    for (const child of Object.values(v as object)) stack.push([child, depth + 1]);
  }
  return false;
}

/** The request's JSON body, bounded in size and depth, or the HTTP answer that refuses it. */
async function readBody(req: Request): Promise<{ value: unknown } | Response> {
  let body: unknown;
  try {
    body = await readJsonBody(req, MAX_BODY_BYTES);
  } catch (err) {
    if (err instanceof HttpError && err.status === 413) return jsonRpcError(413, -32600, `The request is larger than ${MAX_BODY_BYTES / 1024} KiB, the most a gateway takes.`);
    return jsonRpcError(400, -32700, err instanceof HttpError ? err.message : "Parse error: the body is not JSON.");
  }
  if (body === undefined) return jsonRpcError(400, -32700, "Parse error: the body is empty.");
  if (tooDeep(body)) return jsonRpcError(400, -32600, `Invalid request: nested deeper than ${MAX_DEPTH} levels.`);
  return { value: body };
}

/** A 2025 client's message or batch of messages. */
function messagesOf(body: unknown): JSONRPCMessage[] | Response {
  const list = Array.isArray(body) ? body : [body];
  if (list.length === 0 || list.length > 100) return jsonRpcError(400, -32600, "Invalid request: send one JSON-RPC message, or a batch of 1 to 100.");
  const messages: JSONRPCMessage[] = [];
  for (const m of list) {
    const parsed = JSONRPCMessageSchema.safeParse(m);
    if (!parsed.success) return jsonRpcError(400, -32600, "Invalid request: not a JSON-RPC 2.0 message.");
    messages.push(parsed.data);
  }
  return messages;
}

/** The method of a request of a POST; null for a notification or an answer. */
function methodOf(message: unknown): string | null {
  const { id, method } = (message ?? {}) as { id?: unknown; method?: unknown };
  return id !== undefined && typeof method === "string" ? method : null;
}

/**
 * When a POST's requests are counted, in either revision: before anything
 * when they may change something (a batch is as many requests as it holds
 * messages); by its call's start when it carries one call alone; alongside
 * the answer when they only read. Either way the count comes back before
 * the answer goes out, and over a limit the answer is 429.
 */
async function countFor(caller: Caller, methods: (string | null)[]): Promise<OwedRequest | Response | null> {
  const alone = () => countGatewayRequest(caller.user, caller.gateway.id, caller.credential, methods.length);
  if (methods.length === 1 && CALL_METHODS.has(methods[0] ?? "")) return new OwedRequest(caller.credential, alone);
  if (methods.every((m) => m !== null && READ_METHODS.has(m))) {
    const owed = new OwedRequest(caller.credential, alone);
    void owed.pay();
    return owed;
  }
  const limited = await alone();
  return limited ? tooMany(limited) : null;
}

/**
 * The answer once its request is paid. A call's handler pays before it
 * writes anything (its call's start, or its refusal); an answer that writes
 * or ends unpaid came before any handler began (an unknown name, a
 * completion of nothing, or the SDK's own refusal), and pays alone. Over
 * the limit, 429 instead, the answer dropped.
 */
async function countedAnswer(owed: OwedRequest, res: Response): Promise<Response> {
  let answer = res;
  let shown: Promise<LimitHit | null> = owed.outcome;
  if (!owed.paid && res.body) {
    const reader = res.body.getReader();
    let first: Promise<ReadableStreamReadResult<Uint8Array>> | null = reader.read();
    shown = first.then(() => owed.pay(), () => owed.pay());
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await (first ?? reader.read());
        first = null;
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    answer = new Response(stream, { status: res.status, headers: res.headers });
  }
  let limited: LimitHit | null;
  try {
    await Promise.race([owed.outcome, shown]);
    limited = await owed.pay();
  } catch (err) {
    // The session's hold on the request ends with its answer.
    await answer.body?.cancel();
    throw err;
  }
  if (!limited) return answer;
  await answer.body?.cancel();
  return tooMany(limited);
}

export async function handleGatewayPost(req: Request, slug: string): Promise<Response> {
  const caller = await authorize(req, slug);
  if (caller instanceof Response) return caller;
  const body = await readBody(req);
  // A request that carries the 2026-07-28 envelope in its `_meta` stands alone: no session, served by the v2 SDK.
  const modern = !(body instanceof Response) && !(await isLegacyRequest(req, body.value));
  const messages = body instanceof Response ? body : modern ? [body.value] : messagesOf(body.value);
  if (messages instanceof Response) {
    const limited = await countGatewayRequest(caller.user, caller.gateway.id, caller.credential);
    return limited ? tooMany(limited) : messages;
  }
  const owed = await countFor(caller, messages.map(methodOf));
  if (owed instanceof Response) return owed;
  const res = modern ? await answerModern(req, caller, messages[0], owed) : await serve(req, caller, messages as JSONRPCMessage[], owed);
  return owed ? countedAnswer(owed, res) : res;
}

async function answerModern(req: Request, caller: Caller, body: unknown, owed: OwedRequest | null): Promise<Response> {
  const current = await cachedView(caller.gateway.id);
  if (!current) return notFound();
  return serveModern(req, body, { user: caller.user, credential: caller.credential, gatewayId: caller.gateway.id, owed }, current);
}

/** A 2025 client's answer to a POST's messages; `owed`, its count when it is not paid yet. */
async function serve(req: Request, caller: Caller, messages: JSONRPCMessage[], owed: OwedRequest | null): Promise<Response> {
  const initialize = messages.find((m) => isInitializeRequest(m)) as InitializeRequest | undefined;
  let session: SessionRef | null;
  if (initialize) {
    if (messages.length > 1) return jsonRpcError(400, -32600, "Invalid request: initialize comes alone.");
    const { clientInfo, capabilities, protocolVersion } = initialize.params;
    session = await openSession(caller.gateway.id, caller.credential, {
      name: clientInfo.name,
      version: clientInfo.version,
      capabilities: capabilities as Record<string, unknown>,
      protocolVersion: protocolVersion ?? LATEST_PROTOCOL_VERSION,
    });
  } else {
    const id = req.headers.get("mcp-session-id");
    if (!id) return jsonRpcError(400, -32000, "Bad request: send the Mcp-Session-Id header this gateway gave at initialize.");
    session = await findSession(caller.gateway.id, id);
    // 404 tells the client to initialize again (the session ended, or never was).
    if (!session) return jsonRpcError(404, -32001, "Session not found: initialize again.");
    if (!heldBy(session, caller)) return jsonRpcError(404, -32001, "Session not found: initialize again.");
  }

  if (!messages.some(isJSONRPCRequest)) {
    await deliver(session.id, messages);
    return new Response(null, { status: 202 });
  }

  const current = await cachedView(caller.gateway.id);
  if (!current) return notFound();
  const server = gatewayServer({
    gatewayId: caller.gateway.id,
    owner: caller.user,
    credential: { name: caller.credential.name, app: caller.credential.app },
    client: sessionClient(session),
    current,
    req,
    owed: owed ?? undefined,
  });
  const plain = messages.every((m) => "method" in m && PLAIN_METHODS.has(m.method));
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: plain });
  transport.onerror = (err) => log.debug("gateway transport", { err: err.message });
  await server.connect(transport);
  const release = await holdRequest(session, transport, messages.filter(isJSONRPCRequest).map((m) => m.id));
  let response: Response;
  try {
    response = await transport.handleRequest(req, { parsedBody: messages.length === 1 ? messages[0] : messages });
  } catch (err) {
    release();
    throw err;
  }
  const headers = new Headers(response.headers);
  headers.set("mcp-session-id", session.id);
  if (!response.body || plain) {
    release();
    void server.close();
    return new Response(response.body, { status: response.status, headers });
  }
  // A stream: the session holds the request until its answer went out (or the client went away).
  const reader = response.body.getReader();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
        release();
        void server.close();
      } else controller.enqueue(value);
    },
    cancel(reason) {
      release();
      void reader.cancel(reason);
      void server.close();
    },
  });
  return new Response(stream, { status: response.status, headers });
}

/** The stream on which the gateway tells the client that its lists changed. */
export async function handleGatewayGet(req: Request, slug: string): Promise<Response> {
  const caller = await admit(req, slug);
  if (caller instanceof Response) return caller;
  if (!(req.headers.get("accept") ?? "").includes("text/event-stream")) return jsonRpcError(406, -32000, "Not acceptable: this stream is text/event-stream.");
  const id = req.headers.get("mcp-session-id");
  const session = id ? await findSession(caller.gateway.id, id) : null;
  if (!session || !heldBy(session, caller)) return jsonRpcError(404, -32001, "Session not found: initialize again.");
  return openListStream(caller.gateway.id, req.signal);
}

export async function handleGatewayDelete(req: Request, slug: string): Promise<Response> {
  const caller = await admit(req, slug);
  if (caller instanceof Response) return caller;
  const id = req.headers.get("mcp-session-id");
  // Another client's session is as unknown as one that never was.
  if (!id || !(await endSession(caller.gateway.id, caller.credential, id))) return jsonRpcError(404, -32001, "Session not found.");
  return new Response(null, { status: 200 });
}
