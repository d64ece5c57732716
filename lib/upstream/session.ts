import "server-only";
import { LOG_LEVEL_META_KEY, ProtocolError, ProtocolErrorCode, type JSONRPCMessage, type Transport } from "@modelcontextprotocol/client";
import { connectMcp, type McpTarget, type McpConnection } from "./connection";
import { Listener } from "./listen";
import { McpFailure } from "../mcp/errors";
import { findOutboundError } from "../net/errors";
import { MAX_RESULT_BYTES, MAX_TIMEOUT_MS, type CallExchange, type JsonRpcMessage, type LogLevel, type Root } from "../workbench/schema";
import type { ServerRequest } from "../workbench/server-requests";

/**
 * A live MCP connection kept by the pool for the workbench, with what the
 * SDK does not offer per call: the raw JSON-RPC messages of each request,
 * its progress notifications in the order they arrived (the SDK drops one
 * that arrives just before the result), server log messages routed to the
 * calls that are running, the server's own requests (form input, sampling)
 * passed to the call that can put them to a person, the roots it is given,
 * resource subscriptions and the notifications that come between calls
 * (for whoever watches), the result size limit, and whether the connection
 * is still usable.
 */

export interface LogMessage {
  level: string;
  logger?: string;
  data: unknown;
}

export interface ProgressMessage {
  progress: number;
  total?: number;
  message?: string;
}

/** What the server says between calls, for a watcher (the page's event stream). */
export type SessionEvent =
  | { type: "resource-updated"; uri: string }
  | { type: "list-changed"; list: "tools" | "resources" | "prompts" }
  | ({ type: "log" } & LogMessage)
  | { type: "closed" };

/** A running call's window on the session. */
export interface CallTap {
  exchange(): CallExchange | undefined;
  /** The server answered with more than MAX_RESULT_BYTES. */
  readonly tooLarge: boolean;
  dispose(): void;
}

interface Running {
  onLog?: (message: LogMessage) => void;
  onProgress?: (progress: ProgressMessage) => void;
  /** Puts a request of the server to the person; absent when nobody can answer (an unstreamed call). */
  onServerRequest?: (request: ServerRequest, signal: AbortSignal) => Promise<Record<string, unknown>>;
  /** Answers the server's `roots/list` during the call (a gateway asks its client); absent: the connection's own roots. */
  onRoots?: (signal: AbortSignal) => Promise<{ roots: Root[] }>;
  fail: (failure: McpFailure) => void;
}

interface Capture {
  running: Running;
  request?: JsonRpcMessage;
  response?: JsonRpcMessage;
  tooLarge: boolean;
  /**
   * The request answered `input_required` (2026-07-28): the SDK retries it
   * as a new request, which this capture follows, so that the exchange
   * shown is the last leg. `state` is the server's requestState, echoed by
   * the retry, which tells this call's retry from another's.
   */
  retry?: { method: string; state?: string };
}

type Token = string | number;

function progressTokenOf(request: JSONRPCMessage): Token | undefined {
  const meta = (request as { params?: { _meta?: { progressToken?: unknown } } }).params?._meta;
  const token = meta?.progressToken;
  return typeof token === "string" || typeof token === "number" ? token : undefined;
}

const isResponse = (m: JSONRPCMessage): m is JSONRPCMessage & { id: string | number } =>
  "id" in m && m.id !== undefined && ("result" in m || "error" in m);

/** The requestState of a result that asks for input, or of a request that retries after one. */
function stateOf(value: unknown): string | undefined {
  const state = (value as { requestState?: unknown } | undefined)?.requestState;
  return typeof state === "string" ? state : undefined;
}

const isRetryLeg = (params: unknown): boolean => typeof params === "object" && params !== null && ("inputResponses" in params || "requestState" in params);

/** Each POST's answer (and each stdio message) carries one result (plus its notifications); the legacy SSE stream carries them all. */
const STREAM_BYTES: Record<McpTarget["transport"], number> = {
  "streamable-http": MAX_RESULT_BYTES + 1024 * 1024,
  sse: 64 * 1024 * 1024,
  stdio: MAX_RESULT_BYTES + 1024 * 1024,
};

export class WorkbenchSession {
  private armed: { method: string; capture: Capture } | undefined;
  private readonly awaiting = new Map<Token, Capture>();
  private readonly progressing = new Map<Token, Capture>();
  /** Calls whose request answered `input_required`, until the SDK sends its retry. */
  private readonly retrying = new Set<Capture>();
  private readonly running = new Set<Running>();
  private logLevel: LogLevel | undefined;
  /** The roots given with the calls; undefined until a call gives some. */
  private roots: Root[] | undefined;
  private readonly watchers = new Set<(event: SessionEvent) => void>();
  private subscribed = new Set<string>();
  private closed = false;
  /** A modern server's subscriptions/listen stream, in place of 2025's GET stream and resources/subscribe. */
  private readonly listener: Listener | undefined;

  private constructor(readonly connection: McpConnection) {
    const transport = connection.client.transport as Transport;
    const send = transport.send.bind(transport);
    transport.send = (message, options) => {
      const armed = this.armed;
      if (armed && "method" in message && message.method === armed.method && "id" in message) {
        this.captureLeg(armed.capture, message);
        this.armed = undefined;
      } else if ("method" in message && "id" in message && isRetryLeg(message.params)) {
        const retried = this.retryOf(message.method, stateOf(message.params));
        if (retried) this.captureLeg(retried, message);
      }
      return send(message, options);
    };
    const receive = transport.onmessage;
    transport.onmessage = (message, extra) => {
      if ("method" in message && message.method === "notifications/progress") this.onProgress(message.params);
      receive?.(isResponse(message) ? this.inspect(message) : message, extra);
    };
    const { client } = connection;
    client.setNotificationHandler("notifications/message", ({ params }) => {
      const entry: LogMessage = { level: params.level, data: params.data, ...(params.logger ? { logger: params.logger } : {}) };
      for (const call of this.running) call.onLog?.(entry);
      // Between calls, the watchers hear it instead.
      if (this.running.size === 0) this.emit({ type: "log", ...entry });
    });
    client.setNotificationHandler("notifications/resources/updated", ({ params }) => this.emit({ type: "resource-updated", uri: params.uri }));
    client.setNotificationHandler("notifications/tools/list_changed", () => this.emit({ type: "list-changed", list: "tools" }));
    client.setNotificationHandler("notifications/resources/list_changed", () => this.emit({ type: "list-changed", list: "resources" }));
    client.setNotificationHandler("notifications/prompts/list_changed", () => this.emit({ type: "list-changed", list: "prompts" }));
    client.setRequestHandler("roots/list", async (_request, ctx) => {
      const asker = [...this.running].filter((call) => call.onRoots).at(-1);
      if (asker?.onRoots) return await asker.onRoots(ctx.mcpReq.signal);
      // Answering "no roots" before any call gave some would be a claim about the client; a server
      // that caches its first answer (server-everything asks 350 ms after connecting) would keep
      // it. Refused, it asks again when it needs them, during a call, of that call's client.
      if (!this.roots) throw new ProtocolError(ProtocolErrorCode.InvalidRequest, "No client's roots are known outside a call yet: ask during a call.");
      return { roots: this.roots };
    });
    client.setRequestHandler("elicitation/create", async (request, ctx) =>
      ((await this.askPerson({ kind: "elicitation", params: request.params }, ctx.mcpReq.signal)) ?? { action: "decline" }) as never,
    );
    client.setRequestHandler("sampling/createMessage", async (request, ctx) => {
      const answer = await this.askPerson({ kind: "sampling", params: request.params }, ctx.mcpReq.signal);
      if (!answer) throw new ProtocolError(ProtocolErrorCode.InvalidRequest, "Sampling requests are answered only during a call run from the workbench page.");
      return answer as never;
    });
    connection.client.onclose = () => this.lose();
    // Without its stream a modern connection hears nothing between requests: it is given up like a closed one, and the page's stream reconnects.
    this.listener = client.getProtocolEra() === "modern" ? new Listener(client, connection.capabilities, () => this.lose()) : undefined;
    connection.client.onerror = (err) => {
      // A streamed answer cut by the size guard never resolves its request: end the calls waiting on it.
      const outbound = findOutboundError(err);
      if (outbound?.kind === "too_large" || /is larger than \d+ KiB/.test(err.message)) {
        const failure = tooLargeFailure();
        for (const call of this.running) call.fail(failure);
      }
    };
  }

  static async open(target: McpTarget): Promise<WorkbenchSession> {
    const connection = await connectMcp(target, {
      // Each call sets its own, shorter, timeout; the transport must not cut a long one first.
      requestTimeoutMs: MAX_TIMEOUT_MS,
      maxResponseBytes: STREAM_BYTES[target.transport],
    });
    return new WorkbenchSession(connection);
  }

  /** False once the transport closed: the pool then opens a new connection. */
  get usable(): boolean {
    return !this.closed;
  }

  /**
   * Starts watching for the next request of `method`: call it right before
   * the SDK call, which sends synchronously, so that no other call's
   * request can be taken for this one.
   */
  tap(method: string, running: Running): CallTap {
    const capture: Capture = { running, tooLarge: false };
    this.armed = { method, capture };
    this.running.add(running);
    return {
      exchange: () => (capture.request ? { request: capture.request, ...(capture.response ? { response: capture.response } : {}) } : undefined),
      get tooLarge() {
        return capture.tooLarge;
      },
      dispose: () => {
        if (this.armed?.capture === capture) this.armed = undefined;
        this.retrying.delete(capture);
        const id = capture.request?.id as Token | undefined;
        if (id !== undefined && this.awaiting.get(id) === capture) this.awaiting.delete(id);
        const token = capture.request ? progressTokenOf(capture.request as JSONRPCMessage) : undefined;
        if (token !== undefined && this.progressing.get(token) === capture) this.progressing.delete(token);
        this.running.delete(running);
      },
    };
  }

  /**
   * Lets `running` answer what the server asks (its roots, a question) while
   * requests that are not a call run on the connection, until the returned
   * function is called: a server that asks for the client's roots soon after
   * it is initialized may ask while a gateway lists its definitions before
   * the first call (Lane.admit), and the client's roots are the answer.
   */
  attend(running: Running): () => void {
    this.running.add(running);
    return () => this.running.delete(running);
  }

  /** Sets the server's log level when it supports logging and the level changed. */
  async useLogLevel(level: LogLevel): Promise<void> {
    // The 2026-07-28 revision has no logging/setLevel (a level travels with each request instead).
    if (this.connection.client.getProtocolEra() === "modern") return;
    if (!this.connection.capabilities.logging || this.logLevel === level) return;
    await this.connection.client.setLoggingLevel(level, this.connection.requestOptions());
    this.logLevel = level;
  }

  /**
   * The `_meta` that gives a request of the 2026-07-28 revision its log
   * level: that revision has no logging/setLevel, and a server sends log
   * messages during a request only at the level the request names. None on
   * 2025 connections, where useLogLevel set the level for the connection.
   */
  logLevelMeta(level: LogLevel | undefined): Record<string, string> | undefined {
    if (!level || this.connection.client.getProtocolEra() !== "modern") return undefined;
    return { [LOG_LEVEL_META_KEY]: level };
  }

  /** Hears what the server says between calls until the returned function is called. */
  watch(listener: (event: SessionEvent) => void): () => void {
    this.watchers.add(listener);
    return () => this.watchers.delete(listener);
  }

  /** The resources this connection is subscribed to. */
  get subscriptions(): string[] {
    return [...this.subscribed];
  }

  async subscribe(uri: string): Promise<void> {
    if (this.listener) {
      await this.listen([...this.subscribed, uri]);
      if (!this.subscribed.has(uri)) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `The server did not take a subscription to ${uri}.`);
      return;
    }
    await this.connection.client.subscribeResource({ uri }, this.connection.requestOptions());
    this.subscribed.add(uri);
  }

  async unsubscribe(uri: string): Promise<void> {
    if (!this.subscribed.has(uri)) return;
    if (this.listener) return void (await this.listen([...this.subscribed].filter((followed) => followed !== uri)));
    await this.connection.client.unsubscribeResource({ uri }, this.connection.requestOptions());
    this.subscribed.delete(uri);
  }

  /**
   * Subscribes to exactly `uris` (the user's stored subscriptions), one at a
   * time; a resource the server refuses is left out rather than failing the
   * rest. A modern server is asked in one request, with its list changes.
   */
  async follow(uris: string[]): Promise<void> {
    if (this.listener) return void (await this.listen(uris));
    for (const uri of this.subscribed) if (!uris.includes(uri)) await this.unsubscribe(uri).catch(() => {});
    for (const uri of uris) if (!this.subscribed.has(uri)) await this.subscribe(uri).catch(() => {});
  }

  /** Gives the server these roots from now on, telling it when they changed. */
  async useRoots(roots: Root[]): Promise<void> {
    if (JSON.stringify(roots) === JSON.stringify(this.roots)) return;
    this.roots = roots;
    await this.connection.client.sendRootsListChanged().catch(() => {});
  }

  async close(): Promise<void> {
    await this.listener?.close().catch(() => {});
    await this.connection.close();
  }

  /** A modern server's stream of changes, for list changes and updates of `uris`: those it takes are the subscriptions. */
  private async listen(uris: string[]) {
    this.subscribed = new Set(await this.listener!.follow(uris));
  }

  private lose() {
    if (this.closed) return;
    this.closed = true;
    this.emit({ type: "closed" });
  }

  private emit(event: SessionEvent) {
    for (const watcher of this.watchers) watcher(event);
  }

  /** The newest running call that can ask a person answers; undefined when none can. */
  private askPerson(request: ServerRequest, signal: AbortSignal): Promise<Record<string, unknown>> | undefined {
    const askers = [...this.running].filter((call) => call.onServerRequest);
    return askers.at(-1)?.onServerRequest?.(request, signal);
  }

  /** Takes `message` as the request of `capture`: its answer and its progress are the call's. */
  private captureLeg(capture: Capture, message: JSONRPCMessage & { id: Token }) {
    const previous = capture.request ? progressTokenOf(capture.request as JSONRPCMessage) : undefined;
    if (previous !== undefined) this.progressing.delete(previous);
    capture.request = message as JsonRpcMessage;
    capture.response = undefined;
    capture.retry = undefined;
    this.retrying.delete(capture);
    this.awaiting.set(message.id, capture);
    const token = progressTokenOf(message);
    if (token !== undefined) this.progressing.set(token, capture);
  }

  /** The call whose `input_required` answer this request of `method` retries. */
  private retryOf(method: string, state: string | undefined): Capture | undefined {
    for (const capture of this.retrying) if (capture.retry?.method === method && capture.retry.state === state) return capture;
    return undefined;
  }

  private onProgress(params: unknown) {
    const p = params as { progressToken?: Token; progress?: unknown; total?: unknown; message?: unknown } | undefined;
    if (p?.progressToken === undefined || typeof p.progress !== "number") return;
    this.progressing.get(p.progressToken)?.running.onProgress?.({
      progress: p.progress,
      ...(typeof p.total === "number" ? { total: p.total } : {}),
      ...(typeof p.message === "string" && p.message ? { message: p.message } : {}),
    });
  }

  private inspect(message: JSONRPCMessage & { id: Token }): JSONRPCMessage {
    const capture = this.awaiting.get(message.id);
    if (!capture) return message;
    this.awaiting.delete(message.id);
    const size = Buffer.byteLength(JSON.stringify(message));
    if (size <= MAX_RESULT_BYTES) {
      capture.response = message as JsonRpcMessage;
      const result = (message as { result?: { resultType?: unknown } }).result;
      if (result?.resultType === "input_required") {
        capture.retry = { method: String(capture.request?.method), state: stateOf(result) };
        this.retrying.add(capture);
      }
      return message;
    }
    capture.tooLarge = true;
    capture.response = { jsonrpc: "2.0", id: message.id, note: `A result of ${Math.round(size / 1024)} KiB, not kept.` };
    // The SDK gets an error in its place, so that the request ends now rather than at its timeout.
    return { jsonrpc: "2.0", id: message.id, error: { code: -32603, message: "Result too large" } } as JSONRPCMessage;
  }
}

export function tooLargeFailure(): McpFailure {
  return new McpFailure("too_large", `The server's answer is larger than ${MAX_RESULT_BYTES / 1024 / 1024} MB, the most the workbench accepts.`);
}
