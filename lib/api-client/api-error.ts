import { isRecord } from "@/lib/guards";
import { ERROR_STATUS, namesCode, type ErrorCode } from "@/lib/api-contract/error-codes";

/** An HTTP failure; status 0 means no response arrived at all. */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  // `declare` keeps the field off instances that have no body (no own `data: undefined`).
  declare readonly data?: unknown;

  constructor(status: number, statusText: string, message: string, data?: unknown) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.statusText = statusText;
    if (data !== undefined) this.data = data;
  }
}

function nonEmptyString(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value : null;
}

/**
 * The human-readable part of an error message: the body's `message`, else its
 * `error` code, else the status text, else whatever raw text the server sent.
 */
export function errorDetail(body: unknown, statusText: string, rawText: string): string {
  if (isRecord(body)) {
    const fromBody = nonEmptyString(body.message) ?? nonEmptyString(body.error);
    if (fromBody) return fromBody;
  }
  return nonEmptyString(statusText) ?? rawText;
}

/** What to tell the user: the message the server wrote (without the "{status}: " prefix), else the error's own. */
export function userMessage(err: unknown): string {
  if (err instanceof ApiError) {
    const written = isRecord(err.data) ? nonEmptyString(err.data.message) : null;
    const prefix = `${err.status}: `;
    return written ?? (err.message.startsWith(prefix) ? err.message.slice(prefix.length) : err.message);
  }
  return err instanceof Error && err.message ? err.message : "Something went wrong. Try again.";
}

/** What to tell the user about a failed call to the console: `userMessage`, and in words when no answer came at all. */
export function failureMessage(err: unknown): string {
  if (err instanceof ApiError && err.status === 0) return "The console could not be reached. Check your connection and try again.";
  return userMessage(err);
}

/**
 * Whether `err` is the API's answer, and with `code` when one is given:
 * `isApiError(err, "plan_required")`.
 */
export function isApiError(err: unknown, code?: ErrorCode): err is ApiError {
  return err instanceof ApiError && (code === undefined || namesCode(err.data, code));
}

/** The code of an API error answer, when it names one of these. */
export function errorCodeOf(err: unknown): ErrorCode | null {
  if (!(err instanceof ApiError) || !isRecord(err.data)) return null;
  const code = err.data.error;
  return typeof code === "string" && Object.hasOwn(ERROR_STATUS, code) ? (code as ErrorCode) : null;
}
