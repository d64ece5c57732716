import { McpError, ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { SseError } from "@modelcontextprotocol/sdk/client/sse.js";
import { HttpError } from "../http/errors";
import { findOutboundError, type OutboundError } from "../net/errors";
import type { Transport } from "../mcp/types";
import { publicUrl } from "../net/public-url";

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
  ctx: { url: string; timeoutMs: number; lastFetchError?: OutboundError },
): McpFailure {
  const failure = classify(err, ctx.url, ctx.lastFetchError);
  if (failure.kind !== "timeout") return failure;
  return new McpFailure(
    "timeout",
    `The server at ${displayUrl(ctx.url)} did not answer within ${Math.round(ctx.timeoutMs / 100) / 10} s.`,
    failure.extra,
    { cause: failure.cause },
  );
}

function classify(err: unknown, url: string, lastFetchError?: OutboundError): McpFailure {
  if (err instanceof McpFailure) return err;
  const outbound = findOutboundError(err);
  if (outbound) return fromOutbound(outbound);

  if (err instanceof StreamableHTTPError || err instanceof SseError) {
    const code = err.code;
    if (typeof code === "number" && code >= 400) return fromStatus(code, url, err);
    // The SDK follows redirects only within the server's origin, a few hops: a loop or another address ends here.
    if (typeof code === "number" && code >= 300 && code < 400) {
      return new McpFailure("protocol", `The server answered with a redirect that is not followed (HTTP ${code}): ${err.message}.`, {}, { cause: err });
    }
    if (lastFetchError) return fromOutbound(lastFetchError);
    if (code === -1) return new McpFailure("protocol", `The server's answer is not MCP: ${err.message}.`, {}, { cause: err });
  }
  if (err instanceof McpError) {
    if (err.code === ErrorCode.RequestTimeout) {
      return new McpFailure("timeout", "The server did not answer in time.", {}, { cause: err });
    }
    if (err.code === ErrorCode.ConnectionClosed && lastFetchError) return fromOutbound(lastFetchError);
    return new McpFailure("protocol", `The server answered with an error: ${err.message}`, {}, { cause: err });
  }
  if (lastFetchError) return fromOutbound(lastFetchError);

  const issues = (err as { issues?: { path: PropertyKey[]; message: string }[] })?.issues;
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
