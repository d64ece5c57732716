import "server-only";
import dns from "node:dns";
import type { LookupAddress, LookupAllOptions, LookupOneOptions } from "node:dns";
import type { LookupFunction } from "node:net";
import { Agent, fetch as undiciFetch } from "undici";
import { env, type Env } from "../env";
import { causeCodes } from "../errors/cause-chain";
import { log } from "../log";
import { ipLiteral, refusalReason, type OutboundPolicy } from "./address-policy";
import { findOutboundError, OutboundError } from "./errors";

/**
 * The one outbound fetch. Every request to a user-supplied URL (MCP servers,
 * webhooks) goes through it: the address policy is enforced on the address
 * the socket actually connects to (a DNS lookup inside the connector, so a
 * name cannot resolve to a public address for a check and a private one for
 * the connection), every redirect hop is checked again, the wait for an
 * answer is bounded and the body is counted as it streams.
 */

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export interface GuardedFetchOptions {
  /** Defaults to the deployment's policy (defaultOutboundPolicy). */
  policy?: OutboundPolicy;
  /** Name resolution; defaults to the system resolver. Tests pass a fake. */
  resolver?: Resolver;
  /** Until the response headers arrive, redirects included. */
  timeoutMs?: number;
  /** The most a response body may stream. */
  maxResponseBytes?: number;
  maxRedirects?: number;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 5 * 1024 * 1024;
export const DEFAULT_MAX_REDIRECTS = 5;

/**
 * Local mode reaches loopback and private networks; a deployment only public
 * addresses unless the operator allows more. `admittedOrigins` are the
 * caller's exceptions to a public-only policy, each an origin written as an
 * address: that origin alone, not its network (the demo accounts' MCP server,
 * docs/security.md#the-demo-server). The guard knows no feature: its caller
 * says what it admits.
 */
export function policyFor(e: Pick<Env, "localMode" | "outboundAllowPrivate">, admittedOrigins: readonly string[] = []): OutboundPolicy {
  const allow = e.localMode || e.outboundAllowPrivate;
  const policy = { allowLoopback: allow, allowPrivate: allow };
  return admittedOrigins.length > 0 && !allow ? { ...policy, admittedOrigins } : policy;
}

export const defaultOutboundPolicy = () => policyFor(env());

/** Refuses a name that resolved to a refused address: the user is told that it is not allowed, the operator's log what it resolved to. */
function assertResolvedAllowed(hostname: string, address: string, policy: OutboundPolicy) {
  const reason = refusalReason(address, policy, hostname);
  if (!reason) return;
  log.warn("outbound address refused", { host: hostname, address });
  throw new OutboundError("refused", reason);
}

const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

function guardedLookup(policy: OutboundPolicy, resolve: Resolver): LookupFunction {
  return (hostname, options: LookupOneOptions | LookupAllOptions, callback) => {
    resolve(hostname)
      .catch((err: NodeJS.ErrnoException) => {
        const why = err.code === "ENOTFOUND" ? "the name does not resolve" : `name resolution failed (${err.code ?? err.message})`;
        throw new OutboundError("unreachable", `Could not connect to ${hostname}: ${why}.`, { cause: err });
      })
      .then((addresses) => {
        if (addresses.length === 0) throw new OutboundError("unreachable", `Could not connect to ${hostname}: the name does not resolve.`);
        // One refused address refuses the name: a mixed answer is how rebinding attacks start.
        for (const { address } of addresses) assertResolvedAllowed(hostname, address, policy);
        const family = Number(options.family) || 0;
        const usable = family ? addresses.filter((a) => a.family === family) : addresses;
        if (usable.length === 0) throw new OutboundError("unreachable", `Could not connect to ${hostname}: it has no IPv${family} address.`);
        if (options.all) callback(null, usable);
        else callback(null, usable[0].address, usable[0].family);
      })
      .catch((err: NodeJS.ErrnoException) => callback(err, "", 0));
  };
}

/** The guarded name resolution, for a socket opened outside fetch (the sandboxes' egress proxy): the policy holds on the address connected to. */
export const guardedLookupFor = (policy: OutboundPolicy): LookupFunction => guardedLookup(policy, systemResolver);

const agents = new Map<string, Agent>();

function agentFor(policy: OutboundPolicy, resolver: Resolver | undefined, timeoutMs: number): Agent {
  const make = () =>
    new Agent({
      connect: { lookup: guardedLookup(policy, resolver ?? systemResolver), timeout: timeoutMs },
      headersTimeout: timeoutMs,
    });
  // Custom resolvers are for tests; the deployment's agents are shared so that connections are pooled.
  if (resolver) return make();
  const key = `${policy.allowLoopback}:${policy.allowPrivate}:${timeoutMs}`;
  let agent = agents.get(key);
  if (!agent) {
    agent = make();
    agents.set(key, agent);
  }
  return agent;
}

/** Refuses what can be refused before connecting: other schemes and IP literals outside the policy. */
export function assertUrlAllowed(url: URL, policy: OutboundPolicy = defaultOutboundPolicy()): void {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new OutboundError("refused", `Only http:// and https:// URLs can be used (not ${url.protocol}//).`);
  }
  const literal = ipLiteral(url.hostname);
  // Only an address written out can be admitted by its origin: a name is judged where it resolves, which knows no port.
  if (literal && policy.admittedOrigins?.includes(url.origin)) return;
  const reason = literal ? refusalReason(literal, policy) : null;
  if (reason) throw new OutboundError("refused", reason);
}

/** Checks a URL's host the way a connection would: a literal, or every address its name resolves to. */
export async function checkUrlAddress(url: URL, opts: Pick<GuardedFetchOptions, "policy" | "resolver"> = {}) {
  const policy = opts.policy ?? defaultOutboundPolicy();
  assertUrlAllowed(url, policy);
  if (ipLiteral(url.hostname)) return;
  const addresses = await (opts.resolver ?? systemResolver)(url.hostname);
  for (const { address } of addresses) assertResolvedAllowed(url.hostname, address, policy);
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Headers that may follow a redirect to another origin; credentials never do. */
const CROSS_ORIGIN_SAFE = new Set(["accept", "accept-encoding", "accept-language", "content-type", "user-agent"]);
const NULL_BODY = new Set([101, 204, 205, 304]);

export function describeNetworkError(err: unknown, url: URL): OutboundError {
  const found = findOutboundError(err);
  if (found) return found;
  const code: string | undefined = causeCodes(err)[0];
  const where = url.host;
  switch (code) {
    case "ECONNREFUSED":
      return new OutboundError("unreachable", `Could not connect to ${where}: the connection was refused.`, { cause: err });
    case "ECONNRESET":
    case "UND_ERR_SOCKET":
      return new OutboundError("unreachable", `Could not connect to ${where}: the connection was closed.`, { cause: err });
    case "UND_ERR_CONNECT_TIMEOUT":
    case "UND_ERR_HEADERS_TIMEOUT":
      return new OutboundError("timeout", `${where} did not answer in time.`, { cause: err });
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return new OutboundError("unreachable", `Could not connect to ${where}: the network is unreachable.`, { cause: err });
    default: {
      const detail = code ?? ((err as Error)?.cause as Error | undefined)?.message ?? (err as Error)?.message ?? "unknown error";
      return new OutboundError("unreachable", `Could not connect to ${where} (${detail}).`, { cause: err });
    }
  }
}

function limitBody(res: Response, maxBytes: number, url: URL): Response {
  const tooLarge = () =>
    new OutboundError("too_large", `The answer from ${url.host} is larger than ${Math.round(maxBytes / 1024)} KiB.`);
  const declared = Number(res.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > maxBytes) {
    void res.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  if (!res.body || NULL_BODY.has(res.status)) {
    return new Response(null, { status: res.status, statusText: res.statusText, headers: res.headers });
  }
  // A declared length of a body sent as it is (not compressed: fetch inflates that) is the
  // body's length, since the HTTP framing ends it there: nothing to count.
  const encoding = res.headers.get("content-encoding");
  // Handed over in the platform's own Response, not undici's: the SDK's OAuth code reads an error's
  // body and status only from an `instanceof Response` (it read a refused refresh as "[object Response]").
  if (Number.isFinite(declared) && (!encoding || encoding === "identity")) {
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers: res.headers });
  }
  // Counted as it is read. A stream that pulls from the body's reader costs a
  // fraction of pipeThrough(TransformStream), which matters at hundreds of
  // health checks a second.
  const reader = res.body.getReader();
  let seen = 0;
  const counted = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        seen += value.byteLength;
        if (seen <= maxBytes) return controller.enqueue(value);
        controller.error(tooLarge());
        await reader.cancel().catch(() => {});
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
  return new Response(counted, { status: res.status, statusText: res.statusText, headers: res.headers });
}

/** fetch() with the guard. `init.redirect` is honoured: "manual" returns 3xx answers as they are. */
export async function guardedFetch(
  input: string | URL,
  init: RequestInit = {},
  opts: GuardedFetchOptions = {},
): Promise<Response> {
  const policy = opts.policy ?? defaultOutboundPolicy();
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRedirects = opts.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const mode = init.redirect ?? "follow";
  const dispatcher = agentFor(policy, opts.resolver, timeoutMs);

  const timer = new AbortController();
  const timeout = setTimeout(
    () => timer.abort(new OutboundError("timeout", `No answer within ${Math.round(timeoutMs / 100) / 10} s.`)),
    timeoutMs,
  );
  const signal = init.signal ? AbortSignal.any([init.signal, timer.signal]) : timer.signal;

  let url = new URL(input);
  let method = (init.method ?? "GET").toUpperCase();
  let body = init.body;
  const headers = new Headers(init.headers);
  try {
    for (let hop = 0; ; hop++) {
      assertUrlAllowed(url, policy);
      let res: Response;
      try {
        res = (await undiciFetch(url, {
          ...(init as object),
          method,
          body: body as never,
          headers,
          redirect: "manual",
          signal,
          dispatcher,
        } as never)) as unknown as Response;
      } catch (err) {
        if (timer.signal.aborted) throw timer.signal.reason;
        // The caller's own abort stays an AbortError, as fetch callers expect.
        if (init.signal?.aborted) throw err;
        throw describeNetworkError(err, url);
      }
      const location = res.headers.get("location");
      if (mode === "manual" || !REDIRECTS.has(res.status) || !location) return limitBody(res, opts.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES, url);

      await res.body?.cancel().catch(() => {});
      if (mode === "error") throw new OutboundError("redirect", `${url.host} answered with a redirect (${res.status}).`);
      if (hop >= maxRedirects) throw new OutboundError("redirect", `${url.host} redirected more than ${maxRedirects} times.`);
      const next = new URL(location, url);
      if (res.status === 303 ? method !== "HEAD" : (res.status === 301 || res.status === 302) && method === "POST") {
        method = "GET";
        body = undefined;
        headers.delete("content-type");
      } else if (body instanceof ReadableStream) {
        throw new OutboundError("redirect", `${url.host} redirected a streamed request, which cannot be sent again.`);
      }
      if (next.origin !== url.origin) {
        for (const name of [...headers.keys()]) if (!CROSS_ORIGIN_SAFE.has(name)) headers.delete(name);
      }
      url = next;
    }
  } finally {
    clearTimeout(timeout);
  }
}
