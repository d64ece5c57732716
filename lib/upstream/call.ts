import "server-only";
import { SdkError, SdkErrorCode, SdkHttpError, type RequestOptions } from "@modelcontextprotocol/client";
import { createTaskSessionFromClient, resultFromTaskOutcome, type ToolDeclaration } from "@modelcontextprotocol/ext-tasks/client";
import { DecryptionError } from "../crypto/encryption";
import { causeCodes } from "../errors/cause-chain";
import { badRequest, encryptionKeyMismatch, HttpError } from "../http/errors";
import { listAll } from "./inventory";
import { displayUrl, failureCode, McpFailure, refusedRevision } from "../mcp/errors";
import { findOutboundError } from "../net/errors";
import { authProviderFor } from "../oauth-client/target";
import { stdioCommandOf } from "../servers/stdio-command";
import { decryptedHeaders } from "../servers/headers";
import { publishSessionEvent } from "../workbench/event-channel";
import { poolKey, workbenchPool, type Lease } from "./pool";
import { followSubscriptions } from "../workbench/subscriptions";
import { DEFAULT_TIMEOUT_MS, type CallErrorCode, type CallExchange, type CallRequest, type Root } from "../workbench/schema";
import { tooLargeFailure, WorkbenchSession, type CallTap, type LogMessage, type SessionEvent } from "./session";
import type { ServerRequest } from "../workbench/server-requests";
import { findCallTarget, type CallTarget } from "../servers/call-target";
import type { SharedConnection } from "./connection";
import { startProcess } from "./stdio-process";
import { rememberVerdict, verdictChanged } from "../servers/protocol-verdict";
import { anySignal } from "../follow-signal";

/**
 * Runs one workbench call on a pooled connection: the per-call timeout
 * (reset by progress), cancellation, progress and log messages as they
 * come, the raw exchange, and one reconnect when the server dropped the
 * session. Never throws for what the server did: every outcome is a value.
 */

export interface CallEvents {
  onProgress?(progress: { progress: number; total?: number; message?: string }): void;
  onLog?(message: LogMessage): void;
  onTask?(task: { taskId: string; status: string; statusMessage?: string }): void;
  /** Puts a request of the server (form input, sampling) to the person at the page. */
  onServerRequest?(request: ServerRequest, signal: AbortSignal): Promise<Record<string, unknown>>;
  /** Answers the server's `roots/list` during the call, instead of the connection's own roots. */
  onRoots?(signal: AbortSignal): Promise<{ roots: Root[] }>;
}

export interface CallFailure {
  code: CallErrorCode;
  message: string;
}

export type CallOutcome =
  | { ok: true; result: unknown; durationMs: number; exchange: CallExchange; protocolVersion: string }
  | { ok: false; failure: CallFailure; durationMs: number; exchange?: CallExchange };

/** However long progress keeps a call alive, it ends after this. */
export const MAX_TOTAL_MS = 10 * 60_000;

function failure(code: CallErrorCode, message: string): CallFailure {
  return { code, message };
}

function fromMcpFailure(f: McpFailure): CallFailure {
  // The guard's own limit is a little higher than the one promised: name the promised one.
  return failure(failureCode(f), f.kind === "too_large" ? tooLargeFailure().message : f.message);
}

/** A failure of the connection itself (to open it, or of a request that is not a call) as the API answers it. */
export function upstreamHttpError(err: unknown): HttpError {
  if (err instanceof DecryptionError) return encryptionKeyMismatch(err.message);
  const f = fromMcpFailure(err instanceof McpFailure ? err : new McpFailure("protocol", err instanceof Error ? err.message : String(err)));
  return new HttpError(f.code, f.message);
}

class Cancelled extends Error {}

/** The request never reached a live session: sending it again cannot run anything twice. */
function notDelivered(err: unknown): boolean {
  if (err instanceof SdkError && err.code === SdkErrorCode.NotConnected) return true;
  if (err instanceof SdkHttpError) {
    return err.status === 404 || (err.status === 400 && /session/i.test(`${err.message} ${String(err.data.text ?? "")}`));
  }
  if (err instanceof Error && /\(HTTP 404\)/.test(err.message)) return true;
  return causeCodes(err)[0] === "ECONNREFUSED";
}

/** The connection broke while the request was out: it may or may not have run. */
function connectionLost(err: unknown): boolean {
  if (err instanceof SdkError && err.code === SdkErrorCode.ConnectionClosed) return true;
  const outbound = findOutboundError(err);
  return outbound?.kind === "unreachable";
}

const SAFE_TO_REPEAT = new Set<CallRequest["method"]>(["ping", "resources/read", "prompts/get"]);

/**
 * Opens a connection to a stored server in its revision. The verdict it
 * reached is saved when it is news. A connection that fails for a protocol
 * reason after a remembered verdict may fail because of it (the server
 * changed revision): the verdict is forgotten and the server probed afresh, once.
 */
async function openUpstream(target: CallTarget): Promise<WorkbenchSession> {
  const reach = async (prior: CallTarget["protocolPrior"]) =>
    WorkbenchSession.open({
      transport: target.transport,
      url: target.url,
      headers: await decryptedHeaders(target.id),
      authProvider: authProviderFor(target),
      protocol: target.protocol,
      prior,
      command: await stdioCommandOf(target),
    });
  let session: WorkbenchSession;
  try {
    session = await reach(target.protocolPrior);
  } catch (err) {
    if (!target.protocolPrior || !(err instanceof McpFailure) || err.kind !== "protocol") throw err;
    await forgetVerdict(target);
    session = await reach(null);
  }
  if (verdictChanged(target.protocolPrior, session.connection.prior)) {
    target.protocolPrior = session.connection.prior;
    await rememberVerdict(target.id, session.connection.prior).catch(() => {});
  }
  return session;
}

/** The remembered verdict no longer holds: the next connection probes afresh (the cached target follows the stored row). */
async function forgetVerdict(target: CallTarget): Promise<void> {
  target.protocolPrior = null;
  await rememberVerdict(target.id, null);
}

async function openSession(uid: string, target: CallTarget): Promise<WorkbenchSession> {
  const session = await openUpstream(target);
  let unfollow: () => void;
  try {
    unfollow = await followSubscriptions(uid, target.id, session);
  } catch (err) {
    await session.close().catch(() => {});
    throw err;
  }
  // Passed on to the page's event stream, wherever it is held; its closing concerns only the streams that hold it.
  session.watch((event) => {
    if (event.type === "closed") unfollow();
    else void publishSessionEvent(uid, target.id, event);
  });
  return session;
}

/**
 * A connection of its own beside the workbench's, for calls that are not the
 * workbench page's (a gateway client's session): the server's questions
 * during a call reach that client only, and what the server says between
 * calls goes to `watch` instead of the page.
 */
export interface Lane {
  id: string;
  /** What the server says between calls. */
  watch?: (event: SessionEvent) => void;
  /**
   * Asked each time a request is about to go out on the lane's connection,
   * the first one after it opened included: resolves to let it go, throws a
   * LaneRefusal to keep it from the server (executeCall throws that on), or
   * fails as a request on the connection would (the call then fails, and
   * the connection is not used again). A gateway checks here that the
   * server's definition of the item is still the approved one.
   */
  admit?: (session: WorkbenchSession) => Promise<void>;
}

/** A lane's refusal to send a request (see Lane.admit): nothing reached the server. */
export class LaneRefusal extends Error {}

async function openLaneSession(target: CallTarget, lane: Lane): Promise<WorkbenchSession> {
  const session = await openUpstream(target);
  if (lane.watch) session.watch(lane.watch);
  return session;
}

/** The user's pooled connection to `target`, held until released (a stream of the server's notifications holds it). */
export function leaseSession(uid: string, target: CallTarget, lane?: Lane): Promise<Lease> {
  if (target.transport === "stdio") return leaseProcess(uid, target, lane);
  if (lane) return workbenchPool().acquire(`${poolKey(uid, target.id)}${lane.id}`, target.version, () => openLaneSession(target, lane));
  return workbenchPool().acquire(poolKey(uid, target.id), target.version, () => openSession(uid, target));
}

/**
 * A stdio server's one process (lib/upstream/stdio-process.ts): every lane
 * shares the owner's connection, since a second connection would be a
 * second process. A lane hears what the server says between calls while it
 * holds the connection.
 */
async function leaseProcess(uid: string, target: CallTarget, lane?: Lane): Promise<Lease> {
  const lease = await workbenchPool().acquire(poolKey(uid, target.id), target.version, () => startProcess(uid, target.id, () => openSession(uid, target)));
  if (!lane?.watch) return lease;
  const unwatch = lease.session.watch(lane.watch);
  return {
    session: lease.session,
    release: () => {
      unwatch();
      lease.release();
    },
    discard: () => {
      unwatch();
      lease.discard();
    },
  };
}

/** For what connects through connectMcp (discovery, checks, scans): a stored stdio server's shared process (McpTarget.shared). */
export function sharedProcess(uid: string, serverId: string): () => Promise<SharedConnection> {
  return async () => {
    const lease = await leaseSession(uid, await findCallTarget(uid, serverId));
    return { connection: lease.session.connection, release: () => lease.release() };
  };
}

/**
 * Runs `work` on the user's pooled connection to `target`, for requests that
 * are not calls (completions, subscriptions); a connection it finds broken is
 * closed. Fails with the API's error: an HttpError `work` threw, or the
 * connection's failure as 502/504; or with the lane's refusal (LaneRefusal),
 * and then nothing of `work` was sent.
 */
export async function onPooledSession<T>(uid: string, target: CallTarget, work: (session: WorkbenchSession) => Promise<T>, lane?: Lane): Promise<T> {
  const lease = await leaseSession(uid, target, lane).catch((err: unknown) => {
    throw upstreamHttpError(err);
  });
  try {
    // A lane's check comes before any request of `work`, as before a call's (Lane.admit).
    await lane?.admit?.(lease.session);
  } catch (err) {
    if (err instanceof LaneRefusal) {
      lease.release();
      throw err;
    }
    lease.discard();
    throw upstreamHttpError(err instanceof McpFailure ? err : lease.session.connection.describe(err));
  }
  try {
    const result = await work(lease.session);
    lease.release();
    return result;
  } catch (err) {
    if (notDelivered(err) || connectionLost(err)) lease.discard();
    else lease.release();
    throw err instanceof HttpError ? err : upstreamHttpError(lease.session.connection.describe(err));
  }
}

interface Attempt {
  request: CallRequest;
  target: CallTarget;
  session: WorkbenchSession;
  signal: AbortSignal;
  events: CallEvents;
  /** Request `_meta` the caller passes on to the server (a gateway's caller's trace context). */
  meta?: Record<string, unknown>;
}

const isModern = (session: WorkbenchSession) => session.connection.prior.kind === "modern";

/** 2026-07-28 has no `ping`: what answers for it there is `server/discover`, the revision's own question to a server. */
const wireMethod = (method: CallRequest["method"], session: WorkbenchSession): string => (method === "ping" && isModern(session) ? "server/discover" : method);

async function send({ request, session, signal, events, meta }: Attempt, options: RequestOptions): Promise<unknown> {
  const { client } = session.connection;
  const withMeta = meta ? { _meta: meta } : {};
  switch (request.method) {
    case "ping":
      return isModern(session) ? client.discover(options) : client.request({ method: "ping" }, options);
    case "resources/read":
      return client.request({ method: "resources/read", params: { ...request.params, ...withMeta } }, options);
    case "prompts/get":
      return client.request({ method: "prompts/get", params: { ...request.params, ...withMeta } }, options);
    case "tools/call": {
      const { name, arguments: args, task } = request.params;
      // The SDK asks for progress; the session passes each notification on, in order.
      const withProgress: RequestOptions = { ...options, onprogress: () => {} };
      if (!task) return client.request({ method: "tools/call", params: { name, arguments: args, ...withMeta } }, withProgress);
      return runAsTask(session, { name, arguments: args, ttl: task.ttl }, signal, events);
    }
  }
}

/**
 * Refuses a task the server would not run. MCP (2025-11-25, tasks) has the
 * client ask for one only when the server declares `tasks.requests.tools.call`
 * and the tool's `execution.taskSupport` is "optional" or "required"; for
 * any other tool the server is to refuse it, not to ignore it. The SDK's
 * server does neither: it runs the tool and then fails on its own answer, so
 * the tool ran and the person saw a protocol error. Hence the check before
 * anything is sent, and a refusal rather than an ordinary call in its place:
 * the person asked for a task, and the protocol gives no ordinary run for it.
 * The live list is asked, not the stored one: tools change between discoveries.
 * A refusal of the request as asked (400), like a body that does not parse:
 * made before the quota is spent, and kept in no history.
 */
export function assertTaskSupport(uid: string, target: CallTarget, name: string): Promise<void> {
  return onPooledSession(uid, target, async ({ connection }) => {
    const tasks = connection.capabilities.tasks as { requests?: { tools?: { call?: unknown } } } | undefined;
    if (!tasks?.requests?.tools?.call) throw badRequest(`This server does not run tools as tasks: call "${name}" without a task.`);
    // listAll, not client.listTools: that one also changes how the SDK validates later calls.
    const { items } = await listAll<{ name?: unknown; execution?: { taskSupport?: unknown } }>(connection, "tools");
    const support = items.find((tool) => tool.name === name)?.execution?.taskSupport;
    if (support !== "optional" && support !== "required") throw badRequest(`The tool "${name}" does not support running as a task: call it without a task.`);
  });
}

/**
 * A task-augmented tool call, followed to its result; its status changes are
 * passed on. The v2 client has no tasks of its own: the Tasks extension runs
 * them, on the connection's client. The tool was checked to accept a task
 * (assertTaskSupport), so the extension is told so rather than listing the tools again.
 */
async function runAsTask(
  session: WorkbenchSession,
  params: { name: string; arguments?: Record<string, unknown>; ttl?: number },
  signal: AbortSignal,
  events: CallEvents,
): Promise<unknown> {
  const declaration: ToolDeclaration = { name: params.name, inputSchema: { type: "object" }, taskSupport: "optional" };
  const tasks = createTaskSessionFromClient(session.connection.client, { endpointId: session.connection.client.getServerVersion()?.name ?? "server", tools: { currentTool: () => declaration } });
  try {
    const execution = await tasks.callTool(params.name, (params.arguments ?? {}) as never, {
      signal,
      declaration,
      task: { preference: "require", ...(params.ttl ? { retentionMs: params.ttl } : {}) },
      requestTimeoutMs: MAX_TOTAL_MS,
    });
    const { outcome } = await execution.settle({
      signal,
      onEvent: (event) => {
        if (event.type !== "task") return;
        const { taskId, status, statusMessage } = event.task;
        events.onTask?.({ taskId, status, ...(statusMessage ? { statusMessage } : {}) });
      },
    });
    return resultFromTaskOutcome(outcome);
  } finally {
    await tasks.close().catch(() => {});
  }
}

class AttemptError extends Error {
  constructor(
    readonly original: unknown,
    readonly exchange: CallExchange | undefined,
    /** Why the session ended the call itself (an answer over the size limit). */
    readonly sessionReason: McpFailure | undefined,
  ) {
    super("attempt failed");
  }
}

function describeFailure(err: AttemptError, attempt: Attempt): CallFailure {
  const reason = attempt.signal.reason;
  if (attempt.signal.aborted && reason instanceof Cancelled) return failure("cancelled", "The call was cancelled.");
  if (err.sessionReason) return fromMcpFailure(err.sessionReason);
  if (attempt.signal.aborted && reason instanceof McpFailure) return fromMcpFailure(reason);
  return fromMcpFailure(attempt.session.connection.describe(err.original));
}

/**
 * The call's timeout: it runs while the server is silent, starts again at
 * each sign of life (progress, a task's status) and stands still while the
 * server waits for the person to answer one of its requests.
 */
class Silence {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private waitingForPerson = 0;

  constructor(
    private readonly ms: number,
    private readonly onTimeout: () => void,
  ) {
    this.restart();
  }

  restart() {
    clearTimeout(this.timer);
    if (this.waitingForPerson === 0) this.timer = setTimeout(this.onTimeout, this.ms);
  }

  async whilePersonAnswers<T>(work: () => Promise<T>): Promise<T> {
    this.waitingForPerson += 1;
    clearTimeout(this.timer);
    try {
      return await work();
    } finally {
      this.waitingForPerson -= 1;
      this.restart();
    }
  }

  stop() {
    clearTimeout(this.timer);
  }
}

async function attemptOn(attempt: Attempt, timeoutMs: number): Promise<{ result: unknown; exchange?: CallExchange }> {
  const { session, request, events } = attempt;
  let tap: CallTap | undefined;
  const fail = new AbortController();
  const signal = anySignal([attempt.signal, fail.signal]);
  let silence: Silence | undefined;
  try {
    const logLevel = request.logLevel || session.connection.capabilities.logging ? (request.logLevel ?? "info") : undefined;
    // A server that declares logging but refuses the level still answers calls.
    if (logLevel) await session.useLogLevel(logLevel).catch(() => {});
    if (request.roots) await session.useRoots(request.roots);
    const timedOut = new McpFailure("timeout", `The server at ${displayUrl(attempt.target.url)} did not answer within ${Math.round(timeoutMs / 100) / 10} s.`);
    const quiet = new Silence(timeoutMs, () => fail.abort(timedOut));
    silence = quiet;
    const { onServerRequest } = events;
    tap = session.tap(wireMethod(request.method, session), {
      onLog: events.onLog,
      onProgress: (progress) => {
        quiet.restart();
        events.onProgress?.(progress);
      },
      onServerRequest: onServerRequest && ((asked, stop) => quiet.whilePersonAnswers(() => onServerRequest(asked, stop))),
      onRoots: events.onRoots,
      fail: (f) => fail.abort(f),
    });
    const onTask: CallEvents["onTask"] = (task) => {
      quiet.restart();
      events.onTask?.(task);
    };
    // The SDK's own timeout is only the outer bound: the silence above is the call's.
    // A modern server's log level travels with the request, beside what the caller passes on.
    const levelMeta = session.logLevelMeta(logLevel);
    const meta = levelMeta ? { ...attempt.meta, ...levelMeta } : attempt.meta;
    const result = await send({ ...attempt, signal, events: { ...events, onTask }, meta }, { signal, timeout: MAX_TOTAL_MS, maxTotalTimeout: MAX_TOTAL_MS });
    return { result, exchange: tap.exchange() };
  } catch (err) {
    const sessionReason = tap?.tooLarge ? tooLargeFailure() : fail.signal.aborted ? (fail.signal.reason as McpFailure) : undefined;
    throw new AttemptError(err, tap?.exchange(), sessionReason);
  } finally {
    silence?.stop();
    tap?.dispose();
  }
}

/**
 * The user's connection for a call, waited for no longer than the call may
 * wait for its answer, and not past the call's cancellation: a server that
 * never answers its handshake fails a 2 s call in 2 s, not in the connection's
 * own 10 s. A connection that opens later goes to the pool for the next call.
 */
async function leaseWithin(uid: string, target: CallTarget, lane: Lane | undefined, timeoutMs: number, signal: AbortSignal): Promise<Lease> {
  const leasing = leaseSession(uid, target, lane);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const givenUp = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new McpFailure("timeout", `The server at ${displayUrl(target.url)} did not answer within ${Math.round(timeoutMs / 100) / 10} s.`)), timeoutMs);
    onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([leasing, givenUp]);
  } catch (err) {
    leasing.then((late) => late.release(), () => {});
    throw err;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener("abort", onAbort!);
  }
}

/**
 * Runs `request` against `target` for user `uid`. `signal` is the caller's
 * (the browser's request): aborting it cancels the call on the server.
 * `meta` goes to the server in the request's `_meta`. Throws only a
 * `lane`'s refusal (LaneRefusal).
 */
export async function executeCall(
  uid: string,
  target: CallTarget,
  request: CallRequest,
  { signal, events = {}, lane, meta }: { signal?: AbortSignal; events?: CallEvents; lane?: Lane; meta?: Record<string, unknown> } = {},
): Promise<CallOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS[request.method];

  const control = new AbortController();
  const cancel = () => control.abort(new Cancelled());
  if (signal?.aborted) cancel();
  signal?.addEventListener("abort", cancel, { once: true });
  const total = setTimeout(() => control.abort(new McpFailure("timeout", `The call did not finish within ${MAX_TOTAL_MS / 60_000} minutes.`)), MAX_TOTAL_MS);

  try {
    for (let round = 0; ; round++) {
      if (control.signal.reason instanceof Cancelled) return { ok: false, failure: failure("cancelled", "The call was cancelled."), durationMs: elapsed() };
      let lease;
      try {
        lease = await leaseWithin(uid, target, lane, timeoutMs, control.signal);
      } catch (err) {
        if (control.signal.reason instanceof Cancelled) return { ok: false, failure: failure("cancelled", "The call was cancelled."), durationMs: elapsed() };
        // The server's headers do not open: nothing was sent, and no retry can help.
        if (err instanceof DecryptionError) return { ok: false, failure: failure("encryption_key_mismatch", encryptionKeyMismatch(err.message).message), durationMs: elapsed() };
        const f = err instanceof McpFailure ? err : new McpFailure("protocol", String(err));
        return { ok: false, failure: fromMcpFailure(f), durationMs: elapsed() };
      }
      if (lane?.admit) {
        // What the server asks meanwhile is the call's client's to answer; a too-large answer ends the listing by its own timeout.
        const leave = lease.session.attend({ onServerRequest: events.onServerRequest, onRoots: events.onRoots, fail: () => {} });
        try {
          await lane.admit(lease.session);
        } catch (err) {
          if (err instanceof LaneRefusal) {
            lease.release();
            throw err;
          }
          // The connection failed the lane's own requests: a new one next time; nothing of the call was sent.
          lease.discard();
          if (round === 0 && !control.signal.aborted && notDelivered(err)) continue;
          return { ok: false, failure: fromMcpFailure(err instanceof McpFailure ? err : lease.session.connection.describe(err)), durationMs: elapsed() };
        } finally {
          leave();
        }
      }
      const attempt: Attempt = { request, target, session: lease.session, signal: control.signal, events, meta };
      try {
        const { result, exchange } = await attemptOn(attempt, timeoutMs);
        lease.release();
        const { protocolVersion } = lease.session.connection.serverInfo;
        return { ok: true, result, durationMs: elapsed(), exchange: exchange ?? { request: {} }, protocolVersion };
      } catch (err) {
        const failed = err as AttemptError;
        const { original, exchange } = failed;
        // A pooled connection that speaks a revision the server no longer does: refused before anything ran.
        const staleVerdict = target.protocolPrior !== null && refusedRevision(original);
        const broken = notDelivered(original) || connectionLost(original) || staleVerdict || failed.sessionReason !== undefined;
        const retry =
          round === 0 && !control.signal.aborted && (notDelivered(original) || staleVerdict || (connectionLost(original) && SAFE_TO_REPEAT.has(request.method)));
        if (broken) lease.discard();
        else lease.release();
        if (staleVerdict && retry) await forgetVerdict(target);
        if (retry) continue;
        if (connectionLost(original) && !control.signal.aborted) {
          return {
            ok: false,
            failure: failure(
              "upstream_error",
              "The connection to the server was lost during the call, so the tool may or may not have run. Check before running it again.",
            ),
            durationMs: elapsed(),
            exchange,
          };
        }
        return { ok: false, failure: describeFailure(failed, attempt), durationMs: elapsed(), exchange };
      }
    }
  } finally {
    clearTimeout(total);
    signal?.removeEventListener("abort", cancel);
  }
}
