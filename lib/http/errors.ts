import { ERROR_STATUS, type ErrorCode } from "../api-contract/error-codes";

export interface HttpErrorOptions {
  /** The body's `details` (field issues of a validation failure, the exchange of a failed call…). */
  details?: unknown;
  headers?: Record<string, string>;
  /** Extra top-level fields of the body (`expired` for token_expired, `feature` for plan_required). */
  extra?: Record<string, unknown>;
}

/**
 * The one server-side error type. Anything thrown inside a route handler is
 * mapped to `{"error": code, "message": text, "details"?: ...}`, sent with the
 * code's status (`lib/api-contract/error-codes.ts`).
 */
export class HttpError extends Error {
  readonly status: number;
  readonly details?: unknown;
  readonly headers?: Record<string, string>;
  readonly extra?: Record<string, unknown>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    { details, headers, extra }: HttpErrorOptions = {},
  ) {
    super(message);
    this.name = "HttpError";
    this.status = ERROR_STATUS[code];
    this.details = details;
    this.headers = headers;
    this.extra = extra;
  }
}

export const badRequest = (message: string, details?: unknown) => new HttpError("validation_failed", message, { details });
export const unauthenticated = (message = "Sign in to continue.") => new HttpError("unauthenticated", message);
export const tokenExpired = () =>
  new HttpError("token_expired", "Your session has expired. Sign in again.", { extra: { code: "token_expired", expired: true } });
export const forbidden = (message = "You are not allowed to do this.") => new HttpError("forbidden", message);
/** A feature the user's plan does not include; `feature` names it for the UI's upsell. */
export const planRequired = (feature: string, message: string) => new HttpError("plan_required", message, { extra: { feature } });
/** What a demo account may not do; the message says why, and the console offers sign-up. */
export const demoAccount = (message: string) => new HttpError("demo_account", message);
export const notFound = (message = "Not found.") => new HttpError("not_found", message);
export const conflict = (message: string) => new HttpError("conflict", message);
export const payloadTooLarge = (limit: number) =>
  new HttpError("payload_too_large", `The request body is larger than ${limit} bytes.`);
export const rateLimited = (retryAfterSec: number, message = "Too many requests. Try again later.") =>
  new HttpError("rate_limited", message, { headers: { "Retry-After": String(retryAfterSec) } });
export const unavailable = (message: string) => new HttpError("unavailable", message);
/** A stored secret that the configured keys do not open (`detail`: DecryptionError's message): the operator's to fix. */
export const encryptionKeyMismatch = (detail: string) =>
  new HttpError(
    "encryption_key_mismatch",
    `A stored secret cannot be decrypted with this installation's encryption keys. ${detail} Meanwhile, entering the secret again (the header's value, a new webhook secret) replaces it.`,
  );
