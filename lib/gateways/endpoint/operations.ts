import "server-only";
import { randomUUID } from "node:crypto";
import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import { version } from "../../../package.json";
import { namesCode } from "../../api-contract/error-codes";
import { env } from "../../env";
import { SITE } from "../../site";
import { findCallTarget } from "../../servers/call-target";
import { onPooledSession, executeCall, type CallEvents, type CallOutcome, type Lane } from "../../upstream/call";
import { DEFAULT_TIMEOUT_MS, type CallRequest } from "../../workbench/schema";
import { auditGatewayEvent, recordOutcome } from "../audit";
import type { PlanHolder } from "../../plans/holder";
import type { CachedView } from "../view-cache";
import { approvalKey, hiddenResourceAt, hiddenTemplateAt, type ViewItem } from "../view";
import { templateMatches } from "../template-match";
import type { GatewayCallDto } from "../schema";
import { refreshSoon } from "../refresh";
import { beginGatewayCall, type LimitHit } from "./limits";
import type { OwedRequest } from "./owed-request";
import { admitOn, DefinitionChanged } from "./live-definitions";
import { anySignal } from "../../follow-signal";
import { checkResult } from "../results/check";
import { findingsMetadata, noteworthy, verdict, verdictSummary } from "../results/verdict";
import { isErrorResult, summarizeResult } from "../../workbench/summary";

/**
 * What a gateway's endpoint does for an agent, whichever revision of MCP the
 * agent speaks (mcp-server.ts serves 2025 clients with it, modern-server.ts
 * 2026-07-28 ones): it lists what the gateway's view lists, and passes each
 * call to the server that holds the item, on a pooled connection of the
 * client's lane, through the guarded outbound fetch; what the view hides is
 * refused with the reason. Every call is audited and counted.
 */

/** The agent at the other end, as the audit names it and as its lane groups its connections. */
export interface GatewayClient {
  /**
   * Whose pooled connections to the gateway's servers a request uses: a
   * 2025 client's session's own; a modern client, which has no session,
   * shares its credential's (modern-server.ts).
   */
  laneId: string;
  name: string;
  version: string;
  capabilities: Record<string, unknown>;
}

export interface EndpointContext {
  gatewayId: string;
  owner: PlanHolder;
  /** The token's or the OAuth app's name, for the audit (never a secret). */
  credential: { name: string; app: string | null };
  client: GatewayClient;
  current: CachedView;
  req: Request;
  /** The count of the HTTP request, when it carries one call alone: that call's start pays it (owed-request.ts). */
  owed?: OwedRequest;
}

/** How one call reaches back to its client while it runs: its cancellation and what the server says or asks meanwhile. */
export interface CallChannel {
  signal: AbortSignal;
  events: CallEvents;
  /** The caller's W3C trace context (`_meta.traceparent`), when it sent a well-formed one. */
  traceparent?: string;
  /** The refusal of a question of the server that the client could not take, when there was one (client-capability.ts). */
  refusal?: () => Error | undefined;
  /** What the client answered to an elicitation of the server, when it declined or cancelled one (declined.ts). */
  declined?: () => string | undefined;
  /**
   * The methods of the server's questions this round stopped the call at, to be put to a modern client as
   * `input_required` (input-required.ts); empty when it asked none.
   */
  asked?: () => string[];
}

/** JSON-RPC error codes of a gateway's refusals (server-defined range). */
export const GATEWAY_ERRORS = {
  blocked: -32010,
  quarantined: -32011,
  serverDown: -32012,
  /** The result guard refused what the server returned (lib/gateways/results). */
  resultBlocked: -32013,
  rateLimited: -32029,
  upstream: -32020,
} as const;

const PAGE_SIZE = 200;

/**
 * A JSON-RPC error as the client reads it. (The SDK's McpError puts "MCP
 * error <code>:" into its message, and its client adds the same again.)
 * Both SDKs' servers answer a thrown error with its `code`, `message` and `data`.
 */
export class GatewayError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** W3C Trace Context, version 00 and later: what a `traceparent` header (and MCP's `_meta.traceparent`) holds. */
const TRACEPARENT = /^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;

/** The caller's trace context from a request's `_meta`, when well-formed; anything else is dropped, not passed on. */
export function traceparentOf(meta: Record<string, unknown> | undefined): string | undefined {
  const value = meta?.traceparent;
  return typeof value === "string" && TRACEPARENT.test(value) ? value : undefined;
}

function page<T>(items: T[], cursor: string | undefined): { items: T[]; nextCursor?: string } {
  let start = 0;
  if (cursor !== undefined) {
    start = Number.parseInt(Buffer.from(cursor, "base64url").toString(), 10);
    if (!Number.isSafeInteger(start) || start < 0 || start > items.length) throw new GatewayError(ErrorCode.InvalidParams, "This cursor is not one the gateway gave.");
  }
  const end = start + PAGE_SIZE;
  return { items: items.slice(start, end), ...(end < items.length ? { nextCursor: Buffer.from(String(end)).toString("base64url") } : {}) };
}

/** One page of served definitions under `key`, in the view's order (servers by position, items by key): the same order on every request. */
function listPage<K extends string>(key: K, items: ViewItem[], cursor: string | undefined) {
  const { items: shown, nextCursor } = page(items, cursor);
  return { [key]: shown.map((i) => i.served), ...(nextCursor ? { nextCursor } : {}) } as { [k in K]: Record<string, unknown>[] } & { nextCursor?: string };
}

type Outcome = GatewayCallDto["outcome"];
type Params = { name: string; arguments?: Record<string, unknown> };
type CompleteParams = { ref: { type: string; name?: string; uri?: string }; argument: { name: string; value: string }; [key: string]: unknown };

/** The gateway's name and what it serves, as both revisions' servers introduce themselves. */
export function gatewayIdentity(ctx: Pick<EndpointContext, "current">) {
  const { state } = ctx.current;
  return {
    info: { name: `${SITE.name}: ${state.name}`, version },
    instructions: `Tools and prompts of ${state.servers.length === 1 ? "one server" : `${state.servers.length} servers`}, each named <server prefix>__<name>, served through the ${SITE.name} gateway "${state.name}".`,
  };
}

/** How an event's summary says an outcome whose name does not read as words. */
const SUMMARY_WORDS: Partial<Record<Outcome, string>> = { running: "under way", input_required: "input required from the client" };

export function gatewayOperations(ctx: EndpointContext) {
  const { view, state } = ctx.current;
  const consoleLink = (item?: ViewItem) =>
    item?.hidden?.kind === "blocked" ? `${env().appUrl}/servers/${item.server.serverId}?tab=security` : `${env().appUrl}/gateways/${ctx.gatewayId}`;

  const eventOf = (outcome: Outcome, method: string, item: { serverId?: string; server?: string; name: string }, durationMs: number, extra: Record<string, unknown> = {}) => ({
    userUid: ctx.owner.uid,
    action: outcome === "blocked" ? ("gateway.blocked" as const) : ("gateway.call" as const),
    summary: `${state.name}: ${method} ${item.name} → ${SUMMARY_WORDS[outcome] ?? outcome}${outcome === "blocked" || outcome === "running" ? "" : ` in ${durationMs} ms`}${ctx.client.name ? ` (${ctx.client.name})` : ""}`,
    target: { type: "gateway", id: ctx.gatewayId },
    metadata: {
      method,
      item: item.name,
      ...(item.serverId ? { serverId: item.serverId, server: item.server } : {}),
      outcome,
      durationMs,
      // The token's name, never its value. (Not under a key that says "token": the log's redaction hides those.)
      keyName: ctx.credential.name,
      ...(ctx.credential.app ? { app: ctx.credential.app } : {}),
      client: { name: ctx.client.name, version: ctx.client.version },
      ...extra,
    },
    req: ctx.req,
  });
  const audit = (...args: Parameters<typeof eventOf>) => auditGatewayEvent(eventOf(...args));

  const unknownTool = (kind: "tool" | "prompt", name: string) => new GatewayError(ErrorCode.InvalidParams, `Unknown ${kind}: ${name}. This gateway serves no ${kind} by that name.`);
  const unknownResource = (uri: string) => new GatewayError(ErrorCode.InvalidParams, `Unknown resource: ${uri}. This gateway serves no resource at that URI.`);

  /** The request limit's refusal, as the call's answer (which the route replaces with its 429). */
  const requestRefused = (limited: LimitHit) => new GatewayError(GATEWAY_ERRORS.rateLimited, limited.message, { retryAfterSec: limited.retryAfterSec });

  /** Refuses a request for an item the view hid, once the refusal is audited; a filtered item is answered with `unknown`. */
  async function refuse(method: string, known: ViewItem, name: string, unknown: GatewayError): Promise<never> {
    // A request over its limit records nothing: its count comes first.
    const limited = await ctx.owed?.pay();
    if (limited) throw requestRefused(limited);
    const reason = known.hidden!;
    await audit("blocked", method, { serverId: known.server.serverId, server: known.server.name, name }, 0, { reason: reason.kind, ...(reason.kind === "blocked" ? { finding: reason.finding } : {}) });
    // A filtered item is as unknown as one that does not exist: the owner chose not to show it.
    if (reason.kind === "filtered" || reason.kind === "collision") throw unknown;
    const code = reason.kind === "blocked" ? GATEWAY_ERRORS.blocked : reason.kind === "quarantined" ? GATEWAY_ERRORS.quarantined : GATEWAY_ERRORS.serverDown;
    throw new GatewayError(code, `The gateway refused ${name}: ${reason.message} See ${consoleLink(known)}`, { reason: reason.kind });
  }

  /** The listed item, or a refusal that says why (audited when the view hid it for what it is). */
  async function resolve(method: string, kind: "tool" | "prompt", name: string): Promise<ViewItem> {
    const listed = (kind === "tool" ? view.tools : view.prompts).get(name);
    if (listed) return listed;
    const known = view.byExposedName.get(name);
    const reason = known?.kind === kind ? known.hidden : null;
    // An agent guessing names is not worth a record: a name it was not shown is unknown.
    if (!known || !reason || reason.kind === "filtered" || reason.kind === "collision") throw unknownTool(kind, name);
    return refuse(method, known, name, unknownTool(kind, name));
  }

  /**
   * The listed resource with this URI, else the first listed template it
   * fits; but never a hidden resource, under any spelling of its URI, nor a
   * URI of a hidden template of that template's server: a template of the
   * same (or another) server must not serve what the view hid. Such a read
   * is a way round the guard, and is audited even when the owner's filter
   * hid the item.
   */
  async function resolveResource(uri: string): Promise<ViewItem> {
    const listed = view.resources.get(uri);
    if (listed) return listed;
    const hidden = hiddenResourceAt(view, uri);
    if (hidden) return refuse("resources/read", hidden, uri, unknownResource(uri));
    const template = view.templates.find((t) => templateMatches(t.key, uri));
    if (!template) throw unknownResource(uri);
    // Its server may take the URI with a template the view hid, registered before this one.
    const hiddenTemplate = hiddenTemplateAt(view, template, uri);
    if (hiddenTemplate) return refuse("resources/read", hiddenTemplate, uri, unknownResource(uri));
    return template;
  }

  /** Counts the call (and its request, when owed) and records it as under way (one round trip); the id of its event, or the limit's refusal. */
  async function begin(method: string, item: ViewItem, logged: Record<string, unknown>): Promise<string> {
    const id = randomUUID();
    const where = { serverId: item.server.serverId, server: item.server.name, name: item.exposedName };
    const owed = ctx.owed?.paid === false ? ctx.owed : null;
    const started = beginGatewayCall(ctx.owner, ctx.gatewayId, id, eventOf("running", method, where, 0, logged), owed?.credential);
    void owed?.pay(() => started.then((s) => s.request));
    const { request, call: limited } = await started;
    if (request) throw requestRefused(request);
    if (!limited) return id;
    recordOutcome(id, eventOf("rate_limited", method, where, 0, { ...logged, retryAfterSec: limited.retryAfterSec }));
    throw new GatewayError(GATEWAY_ERRORS.rateLimited, limited.message, { retryAfterSec: limited.retryAfterSec });
  }

  /** The stored definitions' hashes of one server, as the view has them. */
  const storedOf = (serverId: string) => new Map(view.items.filter((i) => i.server.serverId === serverId).map((i) => [approvalKey(i.kind, i.key), i.hash]));

  /**
   * The client lane's own connection to the item's server. Before a
   * request goes out on it, the server's definition of the item must be the
   * one the view serves (live-definitions.ts: one listing per connection,
   * saved as a rediscovery when it differs). The server's list_changed
   * starts a rediscovery, so that the view follows what the server lists now.
   */
  const laneOf = (item: ViewItem): Lane => ({
    id: ctx.client.laneId,
    watch: (event) => {
      if (event.type === "list-changed") refreshSoon(item.server.serverId);
    },
    admit: (session) =>
      admitOn(session, item, {
        viewLoadedAt: ctx.current.loadedAt,
        timeoutMs: env().gatewayCallTimeoutMs,
        stored: () => storedOf(item.server.serverId),
        changed: (found) => refreshSoon(item.server.serverId, found),
      }),
  });

  /** A request stopped before it reached the server (DefinitionChanged): its event, recorded as under way, becomes the refusal. */
  function changedRefusal(callId: string, method: string, item: ViewItem, err: DefinitionChanged, logged: Record<string, unknown>): never {
    const where = { serverId: item.server.serverId, server: item.server.name, name: item.exposedName };
    recordOutcome(callId, eventOf("blocked", method, where, 0, { ...logged, reason: "quarantined", change: "changed" }));
    throw new GatewayError(GATEWAY_ERRORS.quarantined, `The gateway refused ${item.exposedName}: ${err.message} See ${consoleLink(item)}`, { reason: "quarantined" });
  }

  /** Passes one call to the item's server and audits it; the server's failure is the client's JSON-RPC error. */
  async function forward(method: CallRequest["method"], item: ViewItem, request: CallRequest, channel: CallChannel, logged: Record<string, unknown>) {
    // The caller's trace context is recorded with the call, and passed on to the server in the request's `_meta`.
    const traced = channel.traceparent ? { ...logged, traceparent: channel.traceparent } : logged;
    const callId = await begin(method, item, traced);
    const target = await findCallTarget(ctx.owner.uid, item.server.serverId);
    // The gateway's bound, not the workbench's 60 s: a client that gives up first never learns that the server hung.
    const timeoutMs = Math.min(DEFAULT_TIMEOUT_MS[method], env().gatewayCallTimeoutMs);
    const where = { serverId: item.server.serverId, server: item.server.name, name: item.exposedName };
    let outcome: CallOutcome;
    try {
      outcome = await executeCall(ctx.owner.uid, target, { ...request, timeoutMs }, {
        signal: anySignal([channel.signal, ctx.req.signal]),
        events: channel.events,
        lane: laneOf(item),
        ...(channel.traceparent ? { meta: { traceparent: channel.traceparent } } : {}),
      });
    } catch (err) {
      if (!(err instanceof DefinitionChanged)) throw err;
      return changedRefusal(callId, method, item, err, traced);
    }
    // The result guard reads what came back before the client sees it, and before the outcome is written: a refused result is a blocked call.
    const guarded = outcome.ok ? verdict(outcome.result, await checkResult(outcome.result, state.policy.results), state.policy.results) : null;
    if (guarded && noteworthy(guarded)) {
      void auditGatewayEvent({
        ...eventOf("ok", method, where, outcome.durationMs, { callId, ...findingsMetadata(guarded) }),
        action: "gateway.result_flagged",
        summary: `${state.name}: ${method} ${item.exposedName} ${verdictSummary(guarded)}`,
      });
    }
    if (guarded && "refuse" in guarded) {
      recordOutcome(callId, eventOf("blocked", method, where, outcome.durationMs, { ...traced, reason: "result" }));
      throw new GatewayError(GATEWAY_ERRORS.resultBlocked, `The gateway refused the result of ${item.exposedName}: ${guarded.refuse} See ${env().appUrl}/gateways/${ctx.gatewayId}?tab=activity`, { reason: "result" });
    }
    const delivered = outcome.ok ? (guarded ? guarded.deliver : outcome.result) : undefined;
    // The owner's log says whether the call did what was asked: a tool's result with `isError`, and a call during which
    // an elicitation of the server went unanswered (refused by the gateway, declined by the client), are errors there,
    // though the client gets what the server answered.
    const failedAnswer = outcome.ok ? (channel.declined?.() ?? (isErrorResult(method, delivered) ? summarizeResult(method, delivered) : undefined)) : undefined;
    // A round the gateway stopped at the server's question, which the client is asked (input-required.ts), is no failure
    // and no cancellation: the call goes on when the client retries with its answer, in a round of its own.
    const asked = outcome.ok ? [] : (channel.asked?.() ?? []);
    const result: Outcome = outcome.ok
      ? failedAnswer
        ? "error"
        : "ok"
      : asked.length
        ? "input_required"
        : namesCode({ error: outcome.failure.code }, "cancelled")
          ? "cancelled"
          : "error";
    const refusal = result === "error" && !outcome.ok ? channel.refusal?.() : undefined;
    recordOutcome(
      callId,
      eventOf(result, method, where, outcome.durationMs, {
        ...traced,
        ...(outcome.ok ? (failedAnswer ? { error: failedAnswer } : {}) : asked.length ? { asked } : { error: refusal?.message ?? outcome.failure.message }),
      }),
    );
    // A call that failed after the gateway refused a question of its server failed for that: a modern server's call ends
    // at a question no answer came to; a 2025 server heard the refusal and gave up. The client learns why.
    if (refusal) throw refusal;
    if (!outcome.ok) throw new GatewayError(GATEWAY_ERRORS.upstream, `${item.server.name}: ${outcome.failure.message}`, { code: outcome.failure.code });
    return delivered as never;
  }

  return {
    listTools: (cursor?: string) => listPage("tools", [...view.tools.values()], cursor),
    listPrompts: (cursor?: string) => listPage("prompts", [...view.prompts.values()], cursor),
    listResources: (cursor?: string) => listPage("resources", [...view.resources.values()], cursor),
    listResourceTemplates: (cursor?: string) => listPage("resourceTemplates", view.templates, cursor),

    async callTool({ name, arguments: args }: Params, channel: CallChannel) {
      const item = await resolve("tools/call", "tool", name);
      return forward("tools/call", item, { method: "tools/call", params: { name: item.key, arguments: args } }, channel, { arguments: args ?? {} });
    },

    async getPrompt({ name, arguments: args }: { name: string; arguments?: Record<string, string> }, channel: CallChannel) {
      const item = await resolve("prompts/get", "prompt", name);
      return forward("prompts/get", item, { method: "prompts/get", params: { name: item.key, arguments: args } }, channel, { arguments: args ?? {} });
    },

    async readResource({ uri }: { uri: string }, channel: CallChannel) {
      const item = await resolveResource(uri);
      return forward("resources/read", item, { method: "resources/read", params: { uri } }, channel, {});
    },

    // A completion reaches the item's server as a call does: counted against the same quotas, and audited.
    async complete(params: CompleteParams) {
      const { ref, argument } = params;
      const item =
        ref.type === "ref/prompt" ? view.prompts.get(ref.name ?? "") : view.templates.find((t) => t.key === ref.uri) ?? view.resources.get(ref.uri ?? "");
      if (!item) return { completion: { values: [] } };
      const logged = { argument };
      const callId = await begin("completion/complete", item, logged);
      const started = performance.now();
      const where = { serverId: item.server.serverId, server: item.server.name, name: item.exposedName };
      const upstreamRef = ref.type === "ref/prompt" ? { ...ref, name: item.key } : ref;
      try {
        const target = await findCallTarget(ctx.owner.uid, item.server.serverId);
        const result = await onPooledSession(
          ctx.owner.uid,
          target,
          async ({ connection }) => {
            if (!connection.capabilities.completions) return { completion: { values: [] } };
            return connection.client.complete({ ...params, ref: upstreamRef } as never, connection.requestOptions());
          },
          laneOf(item),
        );
        recordOutcome(callId, eventOf("ok", "completion/complete", where, Math.round(performance.now() - started), logged));
        return result;
      } catch (err) {
        if (err instanceof DefinitionChanged) return changedRefusal(callId, "completion/complete", item, err, logged);
        const error = err instanceof Error ? err.message : String(err);
        recordOutcome(callId, eventOf("error", "completion/complete", where, Math.round(performance.now() - started), { ...logged, error }));
        throw err;
      }
    },
  };
}

export type GatewayOperations = ReturnType<typeof gatewayOperations>;
