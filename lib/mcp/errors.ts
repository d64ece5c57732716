import { ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode, SdkHttpError, SseError } from "@modelcontextprotocol/client";
import { HttpError } from "../http/errors";
import { findOutboundError, type OutboundError } from "../net/errors";
import type { Transport } from "./types";
import { publicUrl } from "../net/public-url";
import { PROTOCOL_AUTO } from "./protocol-revisions";

/**
 * Every way talking to an MCP server can fail, reduced to what the user can
 * do about it. `toHttpError` gives the API's answer for each.
 */
export type McpFailureKind = "refused" | "unreachable" | "auth" | "http" | "timeout" | "too_large" | "protocol";

export class McpFailure extends Error {
  constructor(
    readonly kind: McpFailureKind,
    message: string,
    readonly extra: { status?: number; suggestion?: { transport: Transport } } = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "McpFailure";
  }
}

/** What a message may show of a server's URL (lib/net/public-url.ts). */
export const displayUrl = (url: string): string => publicUrl(url) ?? "the server";

function fromOutbound(err: OutboundError): McpFailure {
  const kind = err.kind === "redirect" ? "http" : err.kind;
  return new McpFailure(kind, err.message, {}, { cause: err });
}

function fromStatus(status: number, url: string, cause: unknown): McpFailure {
  if (status === 401 || status === 403) {
    return new McpFailure("auth", `The server refused the credentials (${status}). Check the auth headers.`, { status }, { cause });
  }
  return new McpFailure(
    "http",
    `The server answered HTTP ${status} at ${displayUrl(url)}. Check the URL and the transport.`,
    { status },
    { cause },
  );
}

/**
 * Classifies an error from the SDK or the guarded fetch. `lastFetchError` is
 * the fetch failure seen during the session, if any: the SSE transport
 * reports those as bare messages, losing their kind.
 */
export function describeMcpError(
  err: unknown,
  ctx: { url: string; timeoutMs: number; lastFetchError?: OutboundError; protocol?: string },
): McpFailure {
  const failure = classify(err, ctx.url, ctx.lastFetchError, ctx.protocol ?? PROTOCOL_AUTO);
  if (failure.kind !== "timeout") return failure;
  return new McpFailure(
    "timeout",
    `The server at ${displayUrl(ctx.url)} did not answer within ${Math.round(ctx.timeoutMs / 100) / 10} s.`,
    failure.extra,
    { cause: failure.cause },
  );
}

/** The revisions a server says it speaks when it refuses the one asked (JSON-RPC -32022), from an error or an HTTP body. */
function supportedRevisions(err: unknown): string[] | undefined {
  let rpc: { code?: unknown; data?: unknown } | undefined;
  if (err instanceof ProtocolError) rpc = err;
  else if (err instanceof SdkHttpError && typeof err.data.text === "string") {
    try {
      rpc = (JSON.parse(err.data.text) as { error?: { code?: unknown; data?: unknown } }).error;
    } catch {
      return undefined;
    }
  }
  if (rpc?.code !== ProtocolErrorCode.UnsupportedProtocolVersion) return undefined;
  const supported = (rpc.data as { supported?: unknown } | undefined)?.supported;
  return Array.isArray(supported) ? supported.filter((v): v is string => typeof v === "string").slice(0, 10) : [];
}

/**
 * The server refused a request for the revision it was sent in (-32022, or
 * HTTP 400, which is how a 2025 server answers a 2026-07-28 request): it did
 * not run, and a connection that probes again may succeed.
 */
export function refusedRevision(err: unknown): boolean {
  return supportedRevisions(err) !== undefined || (err instanceof SdkHttpError && err.status === 400);
}

/** A server that answered, but not in a revision the connection would speak. */
function revisionMismatch(supported: string[], protocol: string, cause: unknown): McpFailure {
  const speaks = supported.length > 0 ? `The server speaks only protocol revision(s) ${supported.join(", ")}` : "The server refused the protocol revision asked for";
  const advice =
    protocol === PROTOCOL_AUTO
      ? "the console speaks 2026-07-28 and the 2025 revisions, so it cannot talk to this server."
      : `this server is pinned to ${protocol}: set its protocol to "auto", or pin a revision the server speaks.`;
  return new McpFailure("protocol", `${speaks}; ${advice}`, {}, { cause });
}

/** The schema's complaints about a result, which the v2 client gives as JSON in its message. */
function invalidResultIssues(err: unknown): { path: PropertyKey[]; message: string }[] | undefined {
  if (!(err instanceof SdkError) || err.code !== SdkErrorCode.InvalidResult) return undefined;
  const json = /^Invalid result for [^:]+: (\[[\s\S]*\])$/.exec(err.message)?.[1];
  if (!json) return undefined;
  try {
    const parsed = JSON.parse(json) as unknown;
    return Array.isArray(parsed) ? parsed.filter((i) => Array.isArray(i?.path) && typeof i?.message === "string") : undefined;
  } catch {
    return undefined;
  }
}

function classify(err: unknown, url: string, lastFetchError: OutboundError | undefined, protocol: string): McpFailure {
  if (err instanceof McpFailure) return err;
  const outbound = findOutboundError(err);
  if (outbound) return fromOutbound(outbound);

  const supported = supportedRevisions(err);
  if (supported) return revisionMismatch(supported, protocol, err);
  if (err instanceof SdkError && err.code === SdkErrorCode.EraNegotiationFailed && !(err instanceof SdkHttpError)) {
    // In "auto", a probe that failed carries its own error, which says more.
    if (err.cause !== undefined) return classify(err.cause, url, lastFetchError, protocol);
    if (protocol !== PROTOCOL_AUTO) {
      return new McpFailure(
        "protocol",
        `The server does not speak the pinned protocol revision ${protocol} (it did not offer it in answer to server/discover). Set its protocol to "auto".`,
        {},
        { cause: err },
      );
    }
    return new McpFailure("protocol", `The protocol revision could not be agreed with the server: ${err.message}`, {}, { cause: err });
  }
  if (err instanceof SdkHttpError || err instanceof SseError) {
    const code = err instanceof SdkHttpError ? err.status : err.code;
    if (typeof code === "number" && code >= 400) return fromStatus(code, url, err);
    // The SDK follows redirects only within the server's origin, a few hops: a loop or another address ends here.
    if (typeof code === "number" && code >= 300 && code < 400) {
      return new McpFailure("protocol", `The server answered with a redirect that is not followed (HTTP ${code}): ${err.message}.`, {}, { cause: err });
    }
  }
  if (err instanceof SdkError && err.code === SdkErrorCode.ClientHttpUnexpectedContent) {
    if (lastFetchError) return fromOutbound(lastFetchError);
    return new McpFailure("protocol", `The server's answer is not MCP: ${err.message}.`, {}, { cause: err });
  }
  if (err instanceof SdkError) {
    if (err.code === SdkErrorCode.RequestTimeout) return new McpFailure("timeout", "The server did not answer in time.", {}, { cause: err });
    if (err.code === SdkErrorCode.ConnectionClosed && lastFetchError) return fromOutbound(lastFetchError);
    if (lastFetchError) return fromOutbound(lastFetchError);
  }
  if (err instanceof ProtocolError) {
    return new McpFailure("protocol", `The server answered with an error: ${err.message}`, {}, { cause: err });
  }
  if (lastFetchError) return fromOutbound(lastFetchError);

  const issues = (err as { issues?: { path: PropertyKey[]; message: string }[] })?.issues ?? invalidResultIssues(err);
  if (Array.isArray(issues) && issues.length > 0) {
    const [first] = issues;
    const where = first.path.map(String).join(".") || "message";
    return new McpFailure("protocol", `The server's answer does not follow the MCP schema (${where}: ${first.message}).`, {}, { cause: err });
  }
  const message = err instanceof Error ? err.message : String(err);
  // The SSE transport's POSTs fail with a plain Error naming the status.
  const status = /\(HTTP (\d{3})\)/.exec(message)?.[1];
  if (status) return fromStatus(Number(status), url, err);
  return new McpFailure("protocol", `The server's answer is not valid MCP: ${message.slice(0, 300)}`, {}, { cause: err });
}

/**
 * The API's error code for a failure: a refused address is the request's
 * fault (400), a timeout is 504, anything else the server did is 502. The
 * one mapping: discovery's answers and the workbench's call results use it.
 */
export function failureCode(failure: McpFailure): "validation_failed" | "upstream_timeout" | "upstream_error" {
  switch (failure.kind) {
    case "refused":
      return "validation_failed";
    case "timeout":
      return "upstream_timeout";
    default:
      return "upstream_error";
  }
}

/** The API's error for a failure to reach a server given by the request's `url` field. */
export function toHttpError(failure: McpFailure): HttpError {
  const details =
    failure.kind === "refused"
      ? [{ path: "url", message: failure.message }]
      : failure.extra.suggestion
        ? { suggestion: failure.extra.suggestion }
        : undefined;
  return new HttpError(failureCode(failure), failure.message, { details });
}
