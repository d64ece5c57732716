/**
 * The browser's single way to talk to the backend: JSON reads and writes,
 * NDJSON streams, and beacons that outlive the page. Every call carries the
 * session cookie and, when signed in, a bearer token; a 401 triggers one token
 * refresh and one retry, and an expired session that cannot be refreshed sends
 * the user to the login page. Every failure is an `ApiError`.
 *
 * Two caches, two jobs. TanStack Query (`lib/query/query-client.ts`) holds
 * what components render: keyed by each domain's key factory, stale after
 * 5 minutes, refetched on focus and invalidated by the writes that change it.
 * The response cache below is for the few reads made outside React that many
 * callers repeat and no write of the user changes: `apiGet(path, { cache:
 * true })` answers from it for 5 minutes (the identity config is the one such
 * read today). A read that TanStack Query holds must not also be cached here,
 * or its refetches and invalidations would get the old answer back.
 */
import { logAuthEvent } from "@/lib/debug-log";

import { ApiError, errorDetail } from "./api-error";
import { isExpiredAnswer } from "../api-contract/error-codes";
import { NDJSON, readLines } from "../api-contract/ndjson";

export interface TokenSource {
  getToken(): Promise<string | null>;
  /** Forces a new token; may throw when the session cannot be renewed. */
  refreshToken(): Promise<string | null>;
}

export interface ApiGetOptions {
  signal?: AbortSignal;
  cache?: boolean;
}

export interface ApiSendOptions {
  signal?: AbortSignal;
  /**
   * Without the user's token and without the refresh on a 401: for the
   * session sync itself, which a refresh runs again, and for sign-out.
   */
  anonymous?: boolean;
}

export interface ApiStreamOptions<T> {
  signal: AbortSignal;
  /** Called with each line as it arrives. */
  onLine: (line: T) => void;
}

export const EXPIRED_REDIRECT_DELAY_MS = 100;
export const AUTH_REDIRECT_KEY = "auth_redirect";
export const EXPIRED_LOGIN_URL = "/auth/login?expired=true";
export const RESPONSE_CACHE_TTL_MS = 300_000;
export const RESPONSE_CACHE_SWEEP_MS = 60_000;

/** Indirection so tests can observe navigation; jsdom cannot really navigate. */
export const navigation = {
  assign: (url: string): void => window.location.assign(url),
};

let tokenSource: TokenSource | null = null;

export function configureApiClient(source: TokenSource | null): void {
  // Cached answers belong to whoever was signed in; a new identity must not see them.
  if (source !== tokenSource) clearResponseCache();
  tokenSource = source;
}

// ---------------------------------------------------------------------------
// Response cache

interface CacheEntry {
  data: unknown;
  expiresAt: number;
}

const responseCache = new Map<string, CacheEntry>();
let sweepTimer: ReturnType<typeof setInterval> | null = null;

function stopSweep(): void {
  if (sweepTimer !== null) clearInterval(sweepTimer);
  sweepTimer = null;
}

function sweepExpired(): void {
  const now = Date.now();
  for (const [key, entry] of responseCache) {
    if (entry.expiresAt <= now) responseCache.delete(key);
  }
  // Nothing left to expire: no reason to keep waking up.
  if (responseCache.size === 0) stopSweep();
}

function ensureSweep(): void {
  if (sweepTimer !== null) return;
  const timer = setInterval(sweepExpired, RESPONSE_CACHE_SWEEP_MS);
  // In Node (tests, SSR) a pending interval would otherwise keep the process alive.
  if (typeof timer === "object" && timer !== null && "unref" in timer) timer.unref();
  sweepTimer = timer;
}

function readCache(key: string): { hit: true; data: unknown } | { hit: false } {
  const entry = responseCache.get(key);
  if (!entry) return { hit: false };
  if (entry.expiresAt <= Date.now()) {
    responseCache.delete(key);
    return { hit: false };
  }
  return { hit: true, data: entry.data };
}

function writeCache(key: string, data: unknown): void {
  responseCache.set(key, { data, expiresAt: Date.now() + RESPONSE_CACHE_TTL_MS });
  ensureSweep();
}

export function clearResponseCache(): void {
  responseCache.clear();
  stopSweep();
}

// ---------------------------------------------------------------------------
// Request plumbing

type BuildInit = (token: string | null) => RequestInit;

function isAbortError(err: unknown): boolean {
  return typeof err === "object" && err !== null && (err as { name?: unknown }).name === "AbortError";
}

function parseJson(text: string): unknown {
  if (text === "") return undefined;
  return JSON.parse(text) as unknown;
}

async function currentToken(): Promise<string | null> {
  if (!tokenSource) return null;
  try {
    return (await tokenSource.getToken()) ?? null;
  } catch (err) {
    // Sending without a token lets the server answer 401, which starts the refresh path.
    logAuthEvent("token_unavailable", { reason: err instanceof Error ? err.message : String(err) });
    return null;
  }
}

function withAuth(headers: Record<string, string>, token: string | null): Record<string, string> {
  return token ? { ...headers, Authorization: `Bearer ${token}` } : headers;
}

async function toApiError(res: Response): Promise<ApiError> {
  const rawText = await res.text();
  let body: unknown;
  try {
    body = parseJson(rawText);
  } catch {
    // Proxies and crashed servers answer with HTML or plain text; the raw text is still useful.
    body = undefined;
  }
  return new ApiError(res.status, res.statusText, `${res.status}: ${errorDetail(body, res.statusText, rawText)}`, body);
}

function scheduleExpiredRedirect(): void {
  if (typeof window === "undefined") return;
  try {
    window.sessionStorage.setItem(AUTH_REDIRECT_KEY, window.location.pathname + window.location.search);
  } catch {
    // Storage can be disabled (private mode, quotas); losing the return path beats staying stuck.
  }
  // The short delay lets the failing caller settle (and render its error) before the page unloads.
  setTimeout(() => navigation.assign(EXPIRED_LOGIN_URL), EXPIRED_REDIRECT_DELAY_MS);
}

/**
 * Called with a 401 response. Resolves with the retried response only when it
 * succeeded; every other outcome throws.
 */
async function recoverFromUnauthorized(path: string, first: Response, build: BuildInit): Promise<Response> {
  const original = await toApiError(first);
  const expired = isExpiredAnswer(original.data);
  if (expired) logAuthEvent("token_expired", { path });

  let fresh: string | null;
  try {
    fresh = tokenSource ? ((await tokenSource.refreshToken()) ?? null) : null;
  } catch (err) {
    logAuthEvent("token_refresh_failed", { path, reason: err instanceof Error ? err.message : String(err) });
    if (expired) scheduleExpiredRedirect();
    throw original;
  }
  if (!fresh) {
    // No token after a refresh: most likely signed out; the caller decides what that means.
    logAuthEvent("token_refresh_empty", { path });
    throw original;
  }

  const retried = await fetch(path, build(fresh));
  if (!retried.ok) throw await toApiError(retried);
  return retried;
}

function classify(path: string, err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof TypeError) {
    return new ApiError(0, "Network Error", `Network error while fetching ${path}: ${err.message}`);
  }
  return new ApiError(0, "Unknown Error", `Unknown error while fetching ${path}`);
}

interface Call {
  method: string;
  path: string;
  build: BuildInit;
  /** No token, and a 401 is an answer like any other (no refresh, no retry). */
  anonymous?: boolean;
}

/** Performs the request (with the 401 dance) and reads the successful response with `read`. */
async function perform<R>({ method, path, build, anonymous = false }: Call, read: (res: Response) => Promise<R>): Promise<R> {
  try {
    const res = await fetch(path, build(anonymous ? null : await currentToken()));
    let ok: Response = res;
    if (res.status === 401 && !anonymous) ok = await recoverFromUnauthorized(path, res, build);
    else if (!res.ok) throw await toApiError(res);
    return await read(ok);
  } catch (err) {
    // The caller cancelled on purpose; that is not a failure worth recording.
    if (isAbortError(err)) throw err;
    const apiError = classify(path, err);
    logAuthEvent("request_failed", { method, path, status: apiError.status, message: apiError.message });
    throw apiError;
  }
}

const readJson = async (res: Response): Promise<unknown> => parseJson(await res.text());

function writeInit(method: string, payload: unknown, signal: AbortSignal | undefined, extraHeaders: Record<string, string> = {}): BuildInit {
  const hasPayload = payload !== undefined;
  const body = hasPayload ? JSON.stringify(payload) : undefined;
  const headers = { ...(hasPayload ? { "Content-Type": "application/json", "Cache-Control": "no-cache" } : {}), ...extraHeaders };
  return (token) => ({ method, credentials: "include", headers: withAuth(headers, token), body, signal });
}

// ---------------------------------------------------------------------------
// Public API

export async function apiGet<T>(path: string, opts: ApiGetOptions = {}): Promise<T> {
  if (opts.cache) {
    const cached = readCache(path);
    if (cached.hit) return cached.data as T;
  }
  const build: BuildInit = (token) => ({
    method: "GET",
    credentials: "include",
    headers: withAuth({ Accept: "application/json", "Cache-Control": "max-age=3600" }, token),
    signal: opts.signal,
  });
  const data = await perform({ method: "GET", path, build }, readJson);
  if (opts.cache) writeCache(path, data);
  return data as T;
}

export async function apiSend<T>(
  method: string,
  path: string,
  payload?: unknown,
  opts: ApiSendOptions = {},
): Promise<T> {
  const request = { method, path, build: writeInit(method, payload, opts.signal), anonymous: opts.anonymous };
  return (await perform(request, readJson)) as T;
}

/**
 * A request whose answer is NDJSON: each line goes to `onLine` as it
 * arrives; resolves when the server ends the stream.
 */
export async function apiStream<T>(method: string, path: string, payload: unknown, opts: ApiStreamOptions<T>): Promise<void> {
  await perform({ method, path, build: writeInit(method, payload, opts.signal, { Accept: NDJSON, "Cache-Control": "no-cache" }) }, async (res) => {
    if (!res.body) throw new TypeError("the answer has no body");
    await readLines<T>(res.body, opts.onLine);
  });
}

/**
 * Sends `payload` and forgets it, in a way that survives the page unloading:
 * `navigator.sendBeacon` when `beacon` is set (the page is being hidden or
 * left), a keepalive request otherwise. No token, no retry, and a lost
 * message is never reported: for first-party analytics.
 */
export function apiBeacon(path: string, payload: unknown, { beacon = false } = {}): void {
  const body = JSON.stringify(payload);
  if (beacon && typeof navigator !== "undefined" && typeof navigator.sendBeacon === "function") {
    if (navigator.sendBeacon(path, new Blob([body], { type: "application/json" }))) return;
  }
  void fetch(path, {
    method: "POST",
    keepalive: true,
    credentials: "same-origin",
    headers: { "Content-Type": "application/json" },
    body,
  }).catch(() => {
    // Nothing to tell anyone: the message was optional.
  });
}

/**
 * Hands the user's ID token to the operator's sync URL, another origin:
 * the token as bearer, no cookies, no refresh (the caller sends a fresh one).
 */
export async function sendTokenTo(url: string, token: string): Promise<void> {
  const build: BuildInit = () => ({ method: "POST", headers: { Authorization: `Bearer ${token}` }, credentials: "omit" });
  await perform({ method: "POST", path: url, build, anonymous: true }, async () => undefined);
}
