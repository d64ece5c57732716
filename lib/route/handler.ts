import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { z, ZodError, type ZodType } from "zod";
import { DecryptionError } from "../crypto/encryption";
import { isDatabaseUnreachable } from "../db/database";
import type { Logger } from "../log";
import { authenticate, type AuthUser } from "../auth/authenticate";
import { assertTokenMay, recordTokenUse } from "../tokens/verify";
import { readJsonBody, DEFAULT_MAX_BODY_BYTES, hasNul, nulRefused } from "../http/body";
import { clientIp } from "../http/client-address";
import { HttpError, badRequest, encryptionKeyMismatch, forbidden, unauthenticated } from "../http/errors";
import { startRequest } from "../metrics/request-record";

/**
 * The one route-handler wrapper. Every API route goes through it: it
 * authenticates, parses params/query/body with zod, limits the body size,
 * maps every thrown error to the product's error shape, tags the response
 * with a request id and logs one structured line per request.
 */

export type AuthMode = "none" | "optional" | "user" | "admin";
type UserFor<A extends AuthMode> = A extends "user" | "admin" ? AuthUser : AuthUser | null;

export interface RouteContext<A extends AuthMode, B, Q, P> {
  req: NextRequest;
  user: UserFor<A>;
  body: B;
  query: Q;
  params: P;
  requestId: string;
  ip: string;
  log: Logger;
}

export interface RouteSpec<A extends AuthMode, B extends ZodType, Q extends ZodType, P extends ZodType> {
  auth: A;
  body?: B;
  query?: Q;
  params?: P;
  maxBodyBytes?: number;
  /** What the API reference says of the route (lib/openapi builds /api/openapi.json from it). */
  doc: RouteDoc;
  /** `false`: personal API tokens are refused here (managing tokens, the account); always on admin routes. */
  tokens?: boolean;
}

/**
 * A route's documentation. The request's schemas are the ones the wrapper
 * parses with, and the answer's schema is checked against real answers by the
 * OpenAPI integration test, so the document cannot drift from the code.
 */
export interface RouteDoc {
  summary: string;
  description?: string;
  /** The success answer's body (JSON unless `contentType` says otherwise). */
  response?: ZodType;
  /** The success status; 200 when absent. */
  status?: number;
  /** For answers that are not JSON: `application/x-ndjson` (`response` is then one line's schema), `text/csv`, `text/plain`… */
  contentType?: string;
  /** The same answer in other media types, as the request chooses (`Accept`, `format`): each with its schema, or null. */
  alternatives?: Record<string, ZodType | null>;
  /** A route authenticated by something other than a user: `metrics` is METRICS_TOKEN. */
  security?: "metrics";
}

/** A route handler with the declaration it was built from. */
export type DocumentedHandler = ((req: NextRequest, segment?: Segment) => Promise<Response>) & {
  spec: RouteSpec<AuthMode, ZodType, ZodType, ZodType>;
};

type Segment = { params: Promise<Record<string, string | string[]>> };

type None = ZodType<undefined>;
type Out<T> = T extends ZodType ? z.output<T> : undefined;

export function zodDetails(error: ZodError) {
  return error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}

/** Whatever a handler threw, as the HttpError the client is answered with. */
function toHttpError(err: unknown, requestId: string, log: Logger): HttpError {
  if (err instanceof HttpError) return err;
  if (err instanceof ZodError) return badRequest("Some fields are not valid.", zodDetails(err));
  if (isDatabaseUnreachable(err)) {
    log.error("database unavailable", { err });
    return new HttpError("unavailable", "The service is temporarily unavailable. Try again shortly.", { headers: { "Retry-After": "5" } });
  }
  if (err instanceof DecryptionError) {
    log.error("stored secret does not open", { reason: err.reason, message: err.message });
    return encryptionKeyMismatch(err.message);
  }
  log.error("unhandled error", { err, stack: (err as Error)?.stack });
  return new HttpError("internal_error", `Something went wrong on our side. Reference: ${requestId}.`);
}

function errorResponse(thrown: unknown, requestId: string, log: Logger): NextResponse {
  const err = toHttpError(thrown, requestId, log);
  const body: Record<string, unknown> = { error: err.code, message: err.message, ...err.extra };
  if (err.details !== undefined) body.details = err.details;
  return NextResponse.json(body, { status: err.status, headers: err.headers });
}

/** Wraps a handler's result: a Response passes through, anything else becomes JSON. */
export function json(data: unknown, status = 200, headers?: HeadersInit): NextResponse {
  return NextResponse.json(data, { status, headers });
}

/** The spec a handler made by `route()` was declared with (for the reference and the tests); undefined for any other function. */
export function specOf(handler: unknown): DocumentedHandler["spec"] | undefined {
  return typeof handler === "function" && "spec" in handler ? (handler as DocumentedHandler).spec : undefined;
}

export function route<
  A extends AuthMode,
  B extends ZodType = None,
  Q extends ZodType = None,
  P extends ZodType = None,
>(
  spec: RouteSpec<A, B, Q, P>,
  handler: (ctx: RouteContext<A, Out<B>, Out<Q>, Out<P>>) => Promise<unknown> | unknown,
): DocumentedHandler {
  const run = async (req: NextRequest, segment?: Segment): Promise<Response> => {
    const request = startRequest(req.method, new URL(req.url).pathname, req.headers.get("x-request-id"));
    const { requestId } = request;
    let log = request.log;
    let response: Response;
    let uid: string | undefined;
    const rawParams = await segment?.params;
    let user: AuthUser | null = null;
    try {
      // Who is asking comes first: an anonymous caller learns nothing from how its ids or query are refused.
      if (spec.auth !== "none") {
        user = await authenticate(req);
        if (!user && spec.auth !== "optional") throw unauthenticated();
        if (spec.auth === "admin" && user?.role !== "admin") throw forbidden("This is for administrators only.");
        uid = user?.uid;
        if (uid) log = log.child({ uid });
        if (user?.via === "token") assertTokenMay(user.token, req.method, spec.tokens !== false && spec.auth !== "admin");
      }

      const rawQuery = Object.fromEntries(new URL(req.url).searchParams);
      if ([...Object.values(rawParams ?? {}), ...Object.keys(rawQuery), ...Object.values(rawQuery)].flat().some(hasNul)) throw nulRefused();
      const params = spec.params ? spec.params.parse(rawParams) : undefined;
      const query = spec.query ? spec.query.parse(rawQuery) : undefined;
      const body = spec.body
        ? spec.body.parse(await readJsonBody(req, spec.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES))
        : undefined;

      const result = await handler({
        req,
        user: user as UserFor<A>,
        body: body as Out<B>,
        query: query as Out<Q>,
        params: params as Out<P>,
        requestId,
        ip: clientIp(req),
        log,
      });
      response = result instanceof Response ? result : json(result ?? null);
    } catch (err) {
      response = errorResponse(err, requestId, log);
    }
    if (user?.via === "token") {
      // After the answer is known, so the event says what came of the request; a failure to record is logged, not sent.
      await recordTokenUse(user.uid, user.token, req, clientIp(req), response.status).catch((err) => log.error("token use not recorded", { err }));
    }
    response.headers.set("x-request-id", requestId);
    if (!response.headers.has("cache-control")) response.headers.set("cache-control", "no-store");
    request.finish(response.status, { params: rawParams, bound: log });
    return response;
  };
  return Object.assign(run, { spec: spec as DocumentedHandler["spec"] });
}
