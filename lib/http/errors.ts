/**
 * The one server-side error type. Anything thrown inside a route handler is
 * mapped to `{"error": code, "message": text, "details"?: ...}` with `status`.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
    /** Extra top-level fields of the body (e.g. `expired` for token_expired). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const badRequest = (message: string, details?: unknown) =>
  new HttpError(400, "validation_failed", message, details);
export const unauthenticated = (message = "Sign in to continue.") =>
  new HttpError(401, "unauthenticated", message);
export const tokenExpired = () =>
  new HttpError(401, "token_expired", "Your session has expired. Sign in again.", undefined, undefined, {
    code: "token_expired",
    expired: true,
  });
export const forbidden = (message = "You are not allowed to do this.") =>
  new HttpError(403, "forbidden", message);
export const notFound = (message = "Not found.") => new HttpError(404, "not_found", message);
export const conflict = (message: string) => new HttpError(409, "conflict", message);
export const payloadTooLarge = (limit: number) =>
  new HttpError(413, "payload_too_large", `The request body is larger than ${limit} bytes.`);
export const rateLimited = (retryAfterSec: number, message = "Too many requests. Try again later.") =>
  new HttpError(429, "rate_limited", message, undefined, { "Retry-After": String(retryAfterSec) });
export const unavailable = (message: string) => new HttpError(503, "unavailable", message);
