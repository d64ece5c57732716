import { isRecord } from "@/lib/guards";

/**
 * Every code of the API's error answer (`{"error": code, "message", "details"?}`)
 * with the status it is sent with. The server throws them through
 * `lib/http/errors.ts`; the browser tells them apart with `isApiError` (lib/api-client/api-error.ts). No
 * other file compares a code written as a string (ESLint enforces it).
 */
export const ERROR_STATUS = {
  validation_failed: 400,
  unauthenticated: 401,
  token_expired: 401,
  forbidden: 403,
  plan_required: 403,
  /** What a demo visitor's account may not do (lib/plans/capabilities.ts): the message says why, and a free account does it. */
  demo_account: 403,
  csrf: 403,
  /** An irreversible action (deleting the account) after a sign-in older than a few minutes. */
  recent_sign_in_required: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  // nginx's "client closed request": nobody reads it, the logs do.
  cancelled: 499,
  internal_error: 500,
  /** A stored secret (a header value, a webhook secret) does not open with ENCRYPTION_KEY or ENCRYPTION_KEY_PREVIOUS. */
  encryption_key_mismatch: 500,
  upstream_error: 502,
  unavailable: 503,
  upstream_timeout: 504,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Whether an answer's body (or a stream's error line) names `code` in its `error` field. */
export function namesCode(body: unknown, code: ErrorCode): boolean {
  return isRecord(body) && body.error === code;
}

/** A 401 that says the session or token has expired (`expired: true` or `code: "token_expired"`). */
export function isExpiredAnswer(body: unknown): boolean {
  return isRecord(body) && (body.expired === true || body.code === "token_expired");
}
