import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { NextRequest } from "next/server";
import { logger } from "../log";

/**
 * Route handlers served by a plain Node HTTP server rather than Next.js's
 * router. scripts/server.mjs serves the workbench call this way, ahead of
 * Next.js (instrumentation.ts hands it the table): that call's cost is held
 * against a bare forwarder (`npm run bench`), and resolving the route,
 * adapting the request and piping the answer through web streams cost
 * Next.js about 1 ms a request on a 2-core machine, a tenth of the call. The
 * handler is the very one Next.js serves, made by the route wrapper, so
 * authentication, parsing, errors, logs and metrics are the same either
 * way; what Next.js adds around every answer (next.config.mjs's headers,
 * compression) scripts/server.mjs adds. A request no pattern matches
 * exactly (another method, a trailing slash, a malformed escape) is left to
 * Next.js.
 */

type Handler = (req: NextRequest, segment: { params: Promise<Record<string, string>> }) => Promise<Response>;

export interface NodeRoute {
  method: string;
  /** Matched against the whole path; its named groups are the route's params. */
  pattern: RegExp;
  handler: Handler;
}

/** The route and params `req` asks for, or null. */
function matchRoute(routes: NodeRoute[], req: IncomingMessage): { route: NodeRoute; params: Record<string, string> } | null {
  const url = req.url ?? "/";
  const pathname = url.split("?", 1)[0];
  for (const route of routes) {
    if (route.method !== req.method) continue;
    const match = route.pattern.exec(pathname);
    if (!match) continue;
    try {
      const params = Object.fromEntries(Object.entries(match.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)]));
      return { route, params };
    } catch {
      return null;
    }
  }
  return null;
}

/** The request's URL; a Host header that makes no URL (the client's to write) is not the route's concern. */
function requestUrl(req: IncomingMessage): string {
  const path = req.url ?? "/";
  try {
    return new URL(path, `http://${req.headers.host ?? "localhost"}`).href;
  } catch {
    return new URL(path, "http://localhost").href;
  }
}

/**
 * Answers a Node request with a route handler: the request as a NextRequest
 * whose body streams from the socket and whose signal aborts when the client
 * goes away, the answer written as it is read, so that NDJSON lines leave as
 * they are made.
 */
export async function serveRoute(handler: Handler, params: Record<string, string>, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const gone = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) gone.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  // Node's fetch takes an async iterable as a streamed body (with duplex "half"), as the socket is.
  const request = new NextRequest(requestUrl(req), {
    method: req.method,
    headers,
    body: hasBody ? (req as unknown as BodyInit) : undefined,
    signal: gone.signal,
    duplex: "half",
  } as ConstructorParameters<typeof NextRequest>[1]);
  const response = await handler(request, { params: Promise.resolve(params) });

  res.statusCode = response.status;
  for (const [name, value] of response.headers) if (name !== "set-cookie") res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  // Cancelling the answer is how its maker learns to stop (the call's stream
  // aborts the call). The client may have gone before the answer started,
  // while the handler was still at work: an abort listener added now would
  // never fire.
  const cancel = () => void reader.cancel().catch(() => {});
  if (gone.signal.aborted) return cancel();
  gone.signal.addEventListener("abort", cancel, { once: true });
  // One listener each for the whole answer, not one per full buffer: those
  // would pile up on a slow client, and the compression middleware hands
  // `drain` listeners to its zlib stream but never takes them off.
  let drained: (() => void) | undefined;
  const wake = () => drained?.();
  res.on("drain", wake);
  res.once("close", wake);
  for (;;) {
    const { done, value } = await reader.read();
    if (done || gone.signal.aborted) break;
    const ok = res.write(value);
    // As Next.js does: the compression middleware holds what it has not flushed.
    (res as ServerResponse & { flush?: () => void }).flush?.();
    if (!ok && !res.destroyed) await new Promise<void>((resolve) => (drained = resolve));
  }
  res.end();
}

/** Answers `req` when one of its routes takes it (a failure to write the answer is logged and ends the connection); null otherwise. */
export type NodeRouter = (req: IncomingMessage) => ((res: ServerResponse) => void) | null;

/**
 * A handler that takes Node's request and response itself (the SDK's OAuth
 * handlers are Express routers): it answers every request `matches` takes.
 */
export interface NodeHandler {
  matches: (url: string) => boolean;
  serve: (req: IncomingMessage, res: ServerResponse) => void;
}

export function nodeRoutes(routes: NodeRoute[], handlers: NodeHandler[] = []): NodeRouter {
  return (req) => {
    const handler = handlers.find((h) => h.matches(req.url ?? "/"));
    if (handler) return (res) => handler.serve(req, res);
    const found = matchRoute(routes, req);
    if (!found) return null;
    return (res) => {
      serveRoute(found.route.handler, found.params, req, res).catch((err: unknown) => {
        // The route wrapper answers every error itself: this is a failure to write the answer.
        logger({ method: req.method, path: req.url }).error("answer not written", { err });
        res.destroy();
      });
    };
  };
}
