import "server-only";
import {
  Client,
  ProtocolError,
  ProtocolErrorCode,
  SSEClientTransport,
  StreamableHTTPClientTransport,
  type OAuthClientProvider,
  type RequestOptions,
} from "@modelcontextprotocol/client";

import { mcpServerPolicy } from "../demo/server-origin";
import type { OutboundPolicy } from "../net/address-policy";
import { findOutboundError, type OutboundError } from "../net/errors";
import { guardedFetch, type Resolver } from "../net/guarded-fetch";
import { version } from "../../package.json";
import { SITE } from "../site";
import { signalFollower } from "../follow-signal";
import type { ServerTransport } from "../mcp/types";
import { describeMcpError, McpFailure } from "../mcp/errors";
import { lazyValidator } from "../mcp/lazy-validator";
import { negotiationFor, verdictOf } from "./negotiation";
import type { StdioCommand } from "../stdio/command";
import { openStdioTransport, type StdioTransport } from "../stdio/transport";
import type { ProtocolPrior, ServerInfo } from "../mcp/types";
import type { SandboxExit } from "../sandbox/exit";

/**
 * The one MCP client module: every conversation with an MCP server goes
 * through `withMcpConnection` (or `connectMcp` for callers that keep a
 * connection open), over the official SDK's v2 client, in the revision the
 * server speaks (./negotiation), through the guarded fetch, with the user's
 * headers and bounded in time and size.
 */

export interface McpTarget {
  transport: ServerTransport;
  /** A remote server's URL; a stdio server's package as `npm:<identifier>@<version>`, for messages. */
  url: string;
  /** Header name → value, in clear: decrypted just before use, never logged. */
  headers: Record<string, string>;
  /** A server behind OAuth: the SDK's transport signs each request with its access token and refreshes it (lib/oauth-client). */
  authProvider?: OAuthClientProvider;
  /** The revision to speak (lib/upstream/negotiation.ts): "auto" (the default) or a pinned one. */
  protocol?: string;
  /** The last negotiation's verdict, so that a known server is not probed again. */
  prior?: ProtocolPrior | null;
  /** Transport "stdio": what the sandbox runs (lib/stdio). */
  command?: StdioCommand;
  /**
   * A stored stdio server: its one running process, shared with the owner's
   * workbench, checks, scans and gateways (lib/upstream/stdio-process.ts).
   * connectMcp then starts no process of its own, and closing the connection
   * hands the shared one back.
   */
  shared?: () => Promise<SharedConnection>;
}

/** A hold on a connection that others use too. */
export interface SharedConnection {
  connection: McpConnection;
  /** Done with it: it stays open for the others. */
  release(): void;
}

export interface McpLimits {
  /** Transport start and the initialize handshake. */
  connectTimeoutMs: number;
  /** Each request after the handshake. */
  requestTimeoutMs: number;
  /** The whole conversation in `withMcpConnection`. */
  totalTimeoutMs: number;
  /** Each HTTP response body (for SSE, the whole event stream). */
  maxResponseBytes: number;
  /** Pages followed per list call. */
  maxPages: number;
  policy?: OutboundPolicy;
  resolver?: Resolver;
}

export const DEFAULT_LIMITS: McpLimits = {
  connectTimeoutMs: 10_000,
  requestTimeoutMs: 10_000,
  totalTimeoutMs: 30_000,
  maxResponseBytes: 5 * 1024 * 1024,
  maxPages: 20,
};

/**
 * What the console declares as a client, on every connection: the workbench
 * answers servers' requests for roots, for input (a form, or a page to open:
 * elicitation) and for model answers (sampling), and a server may offer tools
 * only to clients that do, so discovery declares the same to list what the
 * workbench can run. Where no person is there to answer (discovery, checks,
 * scans) the defaults below give no roots, decline input and refuse sampling.
 */
export const CLIENT_CAPABILITIES = {
  roots: { listChanged: true },
  sampling: {},
  elicitation: { form: {}, url: {} },
};

function answerWithoutPerson(client: Client) {
  client.setRequestHandler("roots/list", () => ({ roots: [] }));
  client.setRequestHandler("elicitation/create", () => ({ action: "decline" as const }));
  client.setRequestHandler("sampling/createMessage", () => {
    throw new ProtocolError(ProtocolErrorCode.InvalidRequest, "Nobody is there to answer a sampling request on this connection.");
  });
}

/** How long closing waits for the server to end its session. */
const TERMINATE_WAIT_MS = 1_000;

export interface McpConnection {
  client: Client;
  serverInfo: ServerInfo;
  capabilities: Record<string, unknown>;
  /** What the server tells its clients (and so the model) about itself at the handshake. */
  instructions: string | null;
  /** The negotiation's verdict, to be remembered for the next connection (lib/upstream/negotiation.ts). */
  prior: ProtocolPrior;
  /** Transport start plus the initialize handshake or the server/discover probe (none with a remembered modern verdict), in ms. */
  handshakeMs: number;
  limits: McpLimits;
  /** Aborted when the connection closes. */
  signal: AbortSignal;
  /** Options for one request: the per-request timeout and a signal of its own that follows the connection's. */
  requestOptions(): RequestOptions;
  /** Classifies an error of this connection (see describeMcpError). */
  describe(err: unknown): McpFailure;
  /** Transport "stdio": resolves with why the server's process ended. */
  exited?: Promise<SandboxExit>;
  /** Transport "stdio": stops a server that no longer answers, failing what waits on it with `reason`. */
  halt?: (reason: string) => Promise<void>;
  close(): Promise<void>;
}

/** A promise that fails with a timeout after `ms`, and the function that calls it off. */
function timeoutAfter(ms: number): { expired: Promise<never>; cancel: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new McpFailure("timeout", "timeout")), ms);
  });
  return { expired, cancel: () => clearTimeout(timer) };
}

export interface ConnectOptions {
  /** The transport has started (for SSE, its event stream is open); the initialize request comes next. For callers that time its phases (health checks). */
  onTransportStarted?: () => void;
  /**
   * False: a Streamable HTTP connection does not open the GET stream on which
   * a server sends requests and notifications of its own. A health check has
   * no use for it, and not opening it spares both sides a request per check.
   * The SDK takes the 405 given instead as "this server has no such stream".
   */
  serverStream?: boolean;
}

/** Opens a connection and performs the initialize handshake. The caller must close it. */
export async function connectMcp(target: McpTarget, partial: Partial<McpLimits> = {}, options: ConnectOptions = {}): Promise<McpConnection> {
  const limits: McpLimits = { ...DEFAULT_LIMITS, ...partial };
  if (target.shared) return onShared(await target.shared(), limits);
  const lifetime = new AbortController();
  let lastFetchError: OutboundError | undefined;

  // Every request of the connection, the SSE stream included, ends when it closes.
  const withoutServerStream = target.transport === "streamable-http" && options.serverStream === false;
  const fetchForConnection = async (input: string | URL, init?: RequestInit) => {
    if (withoutServerStream && init?.method === "GET") return new Response(null, { status: 405 });
    const signal = init?.signal ? AbortSignal.any([init.signal, lifetime.signal]) : lifetime.signal;
    try {
      return await guardedFetch(input, { ...init, signal }, {
        policy: limits.policy ?? mcpServerPolicy(),
        resolver: limits.resolver,
        timeoutMs: limits.requestTimeoutMs,
        maxResponseBytes: limits.maxResponseBytes,
      });
    } catch (err) {
      lastFetchError = findOutboundError(err) ?? lastFetchError;
      throw err;
    }
  };

  const requestInit: RequestInit = { headers: target.headers };
  let stdio: StdioTransport | undefined;
  if (target.transport === "stdio") {
    if (!target.command) throw new McpFailure("protocol", "A stdio server needs a command to run.");
    // Each message of a stdio server is bounded as an HTTP server's response body is.
    stdio = await openStdioTransport(target.command, limits.maxResponseBytes);
  }
  const transport =
    stdio?.transport ??
    (target.transport === "sse"
      ? new SSEClientTransport(new URL(target.url), { requestInit, eventSourceInit: { fetch: fetchForConnection }, fetch: fetchForConnection, authProvider: target.authProvider })
      : // The SDK's default redirect policy, as v1 did: a redirect within the server's origin is followed (through the
        // guarded fetch, which checks each hop), one to another origin is not (lib/mcp/errors.ts names it).
        new StreamableHTTPClientTransport(new URL(target.url), { requestInit, fetch: fetchForConnection, authProvider: target.authProvider }));

  if (options.onTransportStarted) {
    const start = transport.start.bind(transport);
    transport.start = async () => {
      await start();
      options.onTransportStarted?.();
    };
  }

  const negotiation = negotiationFor(target);
  const client = new Client(
    { name: SITE.name, version },
    { capabilities: CLIENT_CAPABILITIES, jsonSchemaValidator: lazyValidator(), ...negotiation.options },
  );
  answerWithoutPerson(client);
  // Errors surface through the pending request; the default handler would only log them.
  client.onerror = () => {};

  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    // Ending the session frees its state on the server; a server that does not answer it in a
    // moment is left to expire it (the abort below cancels the request).
    if (transport instanceof StreamableHTTPClientTransport && transport.sessionId) {
      const moment = new Promise((resolve) => setTimeout(resolve, TERMINATE_WAIT_MS).unref());
      await Promise.race([transport.terminateSession().catch(() => {}), moment]);
    }
    lifetime.abort();
    await client.close().catch(() => {});
  };
  const describe = (err: unknown) =>
    stdio?.failureFor() ?? describeMcpError(err, { url: target.url, timeoutMs: limits.requestTimeoutMs, lastFetchError, protocol: target.protocol });

  const started = performance.now();
  const deadline = timeoutAfter(limits.connectTimeoutMs);
  try {
    const connecting = client.connect(transport, { timeout: limits.connectTimeoutMs, signal: lifetime.signal, ...(negotiation.prior ? { prior: negotiation.prior } : {}) });
    connecting.catch(() => {});
    // The SSE transport's start has no timeout of its own: the race bounds it.
    await Promise.race([connecting, deadline.expired]);
  } catch (err) {
    const failure = stdio?.failureFor() ?? describeMcpError(err, { url: target.url, timeoutMs: limits.connectTimeoutMs, lastFetchError, protocol: target.protocol });
    await close();
    throw failure;
  } finally {
    deadline.cancel();
  }
  const handshakeMs = Math.round(performance.now() - started);

  const requestSignal = signalFollower(lifetime.signal);
  const info = client.getServerVersion();
  const serverInfo: ServerInfo = {
    name: info?.name ?? "",
    ...(info?.title ? { title: info.title } : {}),
    version: info?.version ?? "",
    protocolVersion: client.getNegotiatedProtocolVersion() ?? "",
  };
  return {
    client,
    serverInfo,
    capabilities: (client.getServerCapabilities() ?? {}) as Record<string, unknown>,
    instructions: client.getInstructions() ?? null,
    prior: verdictOf(client),
    handshakeMs,
    limits,
    signal: lifetime.signal,
    // The SDK adds an abort listener to a request's signal and never removes it: on the
    // connection's own signal they would pile up for as long as the pooled connection lives.
    // A signal per request follows the connection's and goes with the request (lib/follow-signal.ts).
    requestOptions: () => ({
      timeout: limits.requestTimeoutMs,
      maxTotalTimeout: limits.requestTimeoutMs,
      signal: requestSignal(),
    }),
    describe,
    ...(stdio?.transport.exited ? { exited: stdio.transport.exited, halt: (reason: string) => stdio.transport.halt(reason) } : {}),
    close,
  };
}

/** A shared connection as one caller uses it: its requests bounded by the caller's limits, its close a release. */
function onShared(shared: SharedConnection, limits: McpLimits): McpConnection {
  const { connection } = shared;
  let released = false;
  return {
    ...connection,
    limits,
    requestOptions: () => ({ ...connection.requestOptions(), timeout: limits.requestTimeoutMs, maxTotalTimeout: limits.requestTimeoutMs }),
    close: async () => {
      if (released) return;
      released = true;
      shared.release();
    },
  };
}

/**
 * Connects, runs `work`, and always closes. The whole of it is bounded by
 * `totalTimeoutMs`; any failure is thrown as an McpFailure.
 */
export async function withMcpConnection<T>(
  target: McpTarget,
  work: (connection: McpConnection) => Promise<T>,
  partial: Partial<McpLimits> = {},
): Promise<T> {
  const limits: McpLimits = { ...DEFAULT_LIMITS, ...partial };
  const connection = await connectMcp(target, limits);
  const deadline = timeoutAfter(limits.totalTimeoutMs);
  try {
    return await Promise.race([work(connection), deadline.expired]);
  } catch (err) {
    if (err instanceof McpFailure && err.kind === "timeout") {
      throw describeMcpError(err, { url: target.url, timeoutMs: limits.totalTimeoutMs });
    }
    throw connection.describe(err);
  } finally {
    deadline.cancel();
    await connection.close();
  }
}
