/** @jest-environment node */
// Node rather than jsdom: jsdom here has no fetch Response; `window` is stubbed below.
import { ApiError } from "@/lib/api-client/api-error";
import {
  AUTH_REDIRECT_KEY,
  EXPIRED_REDIRECT_DELAY_MS,
  RESPONSE_CACHE_SWEEP_MS,
  RESPONSE_CACHE_TTL_MS,
  apiBeacon,
  apiGet,
  apiSend,
  apiStream,
  clearResponseCache,
  configureApiClient,
  navigation,
  sendTokenTo,
  type TokenSource,
} from "@/lib/api-client/fetch";
import { clearDebugLog, getDebugLog } from "@/lib/debug-log";

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];

const realFetch = globalThis.fetch;
let fetchMock: jest.Mock<Promise<Response>, FetchArgs>;
let storage: Map<string, string>;
let assignSpy: jest.SpyInstance<void, [url: string]>;

function json(status: number, body: unknown, statusText = ""): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { "Content-Type": "application/json" },
  });
}

function text(status: number, body: string, statusText = ""): Response {
  return new Response(body, { status, statusText });
}

function tokens(overrides: Partial<TokenSource> = {}): jest.Mocked<TokenSource> {
  return {
    getToken: jest.fn(async () => "t1"),
    refreshToken: jest.fn(async () => "t2"),
    ...overrides,
  } as jest.Mocked<TokenSource>;
}

function initOf(call: number): RequestInit {
  const init = fetchMock.mock.calls[call]?.[1];
  if (!init) throw new Error(`fetch call ${call} had no init`);
  return init;
}

function events(): string[] {
  return getDebugLog().map((e) => e.event);
}

beforeEach(() => {
  fetchMock = jest.fn<Promise<Response>, FetchArgs>();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  storage = new Map();
  (globalThis as any).window = {
    location: { pathname: "/servers/42", search: "?tab=logs" },
    sessionStorage: {
      setItem: (k: string, v: string) => storage.set(k, v),
      getItem: (k: string) => storage.get(k) ?? null,
    },
  };
  assignSpy = jest.spyOn(navigation, "assign").mockImplementation(() => {});
  configureApiClient(null);
  clearResponseCache();
  clearDebugLog();
});

afterEach(() => {
  jest.useRealTimers();
  assignSpy.mockRestore();
  delete (globalThis as any).window;
  globalThis.fetch = realFetch;
  configureApiClient(null);
  clearResponseCache();
});

// Real Response bodies are read through microtasks and immediates; only timers are faked.
const fakeTimers = () => jest.useFakeTimers({ doNotFake: ["nextTick", "setImmediate", "queueMicrotask"] });

describe("apiGet", () => {
  it("sends cookies, JSON accept, the cache header and the bearer token", async () => {
    configureApiClient(tokens());
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));

    await expect(apiGet("/api/servers")).resolves.toEqual({ ok: true });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe("/api/servers");
    const init = initOf(0);
    expect(init.method).toBe("GET");
    expect(init.credentials).toBe("include");
    expect(init.headers).toEqual({
      Accept: "application/json",
      "Cache-Control": "max-age=3600",
      Authorization: "Bearer t1",
    });
  });

  it("sends no Authorization header without a token", async () => {
    configureApiClient(tokens({ getToken: jest.fn(async () => null) }));
    fetchMock.mockResolvedValueOnce(json(200, []));
    await apiGet("/api/servers");
    expect(initOf(0).headers).toEqual({ Accept: "application/json", "Cache-Control": "max-age=3600" });
  });

  it("sends no Authorization header when no token source is configured", async () => {
    fetchMock.mockResolvedValueOnce(json(200, []));
    await apiGet("/api/servers");
    expect(initOf(0).headers).not.toHaveProperty("Authorization");
  });

  it("passes the abort signal through", async () => {
    const controller = new AbortController();
    fetchMock.mockResolvedValueOnce(json(200, {}));
    await apiGet("/api/servers", { signal: controller.signal });
    expect(initOf(0).signal).toBe(controller.signal);
  });
});

describe("apiSend", () => {
  it("sends a JSON payload with its headers, cookies and the bearer token", async () => {
    configureApiClient(tokens());
    fetchMock.mockResolvedValueOnce(json(201, { id: "s1" }));

    await expect(apiSend("POST", "/api/servers", { name: "alpha" })).resolves.toEqual({ id: "s1" });

    const init = initOf(0);
    expect(init.method).toBe("POST");
    expect(init.credentials).toBe("include");
    expect(init.body).toBe(JSON.stringify({ name: "alpha" }));
    expect(init.headers).toEqual({
      "Content-Type": "application/json",
      "Cache-Control": "no-cache",
      Authorization: "Bearer t1",
    });
  });

  it("sends neither body nor JSON headers without a payload", async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));

    await expect(apiSend("DELETE", "/api/servers/s1")).resolves.toBeUndefined();

    const init = initOf(0);
    expect(init.method).toBe("DELETE");
    expect(init.credentials).toBe("include");
    expect(init.body).toBeUndefined();
    expect(init.headers).toEqual({});
  });

  it("resolves an empty 200 body to undefined", async () => {
    fetchMock.mockResolvedValueOnce(text(200, ""));
    await expect(apiSend("POST", "/api/auth/signout")).resolves.toBeUndefined();
  });
});

describe("error responses", () => {
  it("uses the body's message as detail and keeps the parsed body", async () => {
    const body = { error: "not_found", message: "Server not found" };
    fetchMock.mockResolvedValueOnce(json(404, body, "Not Found"));

    const err = await apiGet("/api/servers/x").catch((e: unknown) => e);

    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 404, statusText: "Not Found", message: "404: Server not found", data: body });
  });

  it("falls back to the body's error code", async () => {
    fetchMock.mockResolvedValueOnce(json(409, { error: "name_taken" }, "Conflict"));
    await expect(apiSend("POST", "/api/servers", { name: "a" })).rejects.toMatchObject({
      status: 409,
      message: "409: name_taken",
    });
  });

  it("falls back to the status text", async () => {
    fetchMock.mockResolvedValueOnce(text(502, "<html>bad gateway</html>", "Bad Gateway"));
    const err = (await apiGet("/api/x").catch((e: unknown) => e)) as ApiError;
    expect(err.message).toBe("502: Bad Gateway");
    expect(err.data).toBeUndefined();
  });

  it("falls back to the raw body text", async () => {
    fetchMock.mockResolvedValueOnce(text(500, "upstream exploded", ""));
    await expect(apiGet("/api/x")).rejects.toMatchObject({ status: 500, message: "500: upstream exploded" });
  });

  it("logs failed requests", async () => {
    fetchMock.mockResolvedValueOnce(json(500, { message: "boom" }));
    await apiGet("/api/x").catch(() => undefined);
    expect(getDebugLog().at(-1)).toMatchObject({
      event: "request_failed",
      details: { path: "/api/x", status: 500, message: "500: boom" },
    });
  });
});

describe("network failures", () => {
  it("turns a fetch TypeError into a status-0 network error", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    const err = await apiGet("/api/servers").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 0,
      statusText: "Network Error",
      message: "Network error while fetching /api/servers: Failed to fetch",
    });
    expect(events()).toContain("request_failed");
  });

  it("turns anything else into a status-0 unknown error", async () => {
    fetchMock.mockRejectedValueOnce("something odd");
    await expect(apiSend("PUT", "/api/servers/1", {})).rejects.toMatchObject({
      status: 0,
      statusText: "Unknown Error",
      message: "Unknown error while fetching /api/servers/1",
    });
  });

  it("re-throws aborts untouched and does not log them", async () => {
    const abort = new DOMException("The operation was aborted.", "AbortError");
    fetchMock.mockRejectedValueOnce(abort);

    const err = await apiGet("/api/servers").catch((e: unknown) => e);

    expect(err).toBe(abort);
    expect(err).not.toBeInstanceOf(ApiError);
    expect(getDebugLog()).toHaveLength(0);
  });
});

describe("401 handling", () => {
  const expiredBody = { error: "token_expired", code: "token_expired", expired: true, message: "Token expired" };

  it("refreshes the token and retries once with it", async () => {
    const source = tokens();
    configureApiClient(source);
    fetchMock.mockResolvedValueOnce(json(401, expiredBody)).mockResolvedValueOnce(json(200, { id: "s1" }));

    await expect(apiGet("/api/servers/s1")).resolves.toEqual({ id: "s1" });

    expect(source.refreshToken).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(initOf(0).headers).toMatchObject({ Authorization: "Bearer t1" });
    expect(initOf(1).headers).toEqual({
      Accept: "application/json",
      "Cache-Control": "max-age=3600",
      Authorization: "Bearer t2",
    });
    expect(getDebugLog()).toContainEqual(expect.objectContaining({ event: "token_expired", details: { path: "/api/servers/s1" } }));
  });

  it("retries writes with the same payload", async () => {
    configureApiClient(tokens());
    fetchMock.mockResolvedValueOnce(json(401, { error: "unauthorized" })).mockResolvedValueOnce(json(200, { ok: 1 }));

    await expect(apiSend("PATCH", "/api/servers/s1", { name: "b" })).resolves.toEqual({ ok: 1 });

    expect(initOf(1).method).toBe("PATCH");
    expect(initOf(1).body).toBe(JSON.stringify({ name: "b" }));
    expect(initOf(1).headers).toMatchObject({ Authorization: "Bearer t2", "Content-Type": "application/json" });
    // Not an expired token: nothing to log as expiry.
    expect(events()).not.toContain("token_expired");
  });

  it("treats code token_expired alone as an expiry", async () => {
    configureApiClient(tokens());
    fetchMock.mockResolvedValueOnce(json(401, { code: "token_expired" })).mockResolvedValueOnce(json(200, {}));
    await apiGet("/api/x");
    expect(events()).toContain("token_expired");
  });

  it("throws a second 401 without retrying again", async () => {
    const source = tokens();
    configureApiClient(source);
    fetchMock
      .mockResolvedValueOnce(json(401, expiredBody))
      .mockResolvedValueOnce(json(401, { error: "unauthorized", message: "Still no" }, "Unauthorized"));

    const err = await apiGet("/api/x").catch((e: unknown) => e);

    expect(err).toMatchObject({ status: 401, message: "401: Still no" });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(source.refreshToken).toHaveBeenCalledTimes(1);
  });

  it("throws the original error when the refresh yields no token", async () => {
    fakeTimers();
    configureApiClient(tokens({ refreshToken: jest.fn(async () => null) }));
    fetchMock.mockResolvedValueOnce(json(401, expiredBody, "Unauthorized"));

    const err = await apiGet("/api/x").catch((e: unknown) => e);

    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 401, message: "401: Token expired", data: expiredBody });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(10 * EXPIRED_REDIRECT_DELAY_MS);
    expect(assignSpy).not.toHaveBeenCalled();
    expect(storage.has(AUTH_REDIRECT_KEY)).toBe(false);
  });

  it("saves the current location and goes to the login page 100 ms after a failed refresh on an expired token", async () => {
    fakeTimers();
    configureApiClient(tokens({ refreshToken: jest.fn(async () => Promise.reject(new Error("refresh failed"))) }));
    fetchMock.mockResolvedValueOnce(json(401, expiredBody, "Unauthorized"));

    const err = await apiGet("/api/servers").catch((e: unknown) => e);

    expect(err).toMatchObject({ status: 401, message: "401: Token expired" });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(storage.get(AUTH_REDIRECT_KEY)).toBe("/servers/42?tab=logs");
    jest.advanceTimersByTime(EXPIRED_REDIRECT_DELAY_MS - 1);
    expect(assignSpy).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(assignSpy).toHaveBeenCalledTimes(1);
    expect(assignSpy).toHaveBeenCalledWith("/auth/login?expired=true");
  });

  it("does not redirect when the refresh throws on a 401 that is not an expiry", async () => {
    fakeTimers();
    configureApiClient(tokens({ refreshToken: jest.fn(async () => Promise.reject(new Error("nope"))) }));
    fetchMock.mockResolvedValueOnce(json(401, { error: "unauthorized", message: "Sign in first" }));

    await expect(apiGet("/api/x")).rejects.toMatchObject({ status: 401, message: "401: Sign in first" });

    jest.advanceTimersByTime(10 * EXPIRED_REDIRECT_DELAY_MS);
    expect(assignSpy).not.toHaveBeenCalled();
    expect(storage.has(AUTH_REDIRECT_KEY)).toBe(false);
  });
});

describe("response cache", () => {
  beforeEach(() => {
    fakeTimers();
    fetchMock.mockImplementation(async () => json(200, { n: fetchMock.mock.calls.length }));
  });

  it("answers from the cache within 5 minutes and fetches again after", async () => {
    await expect(apiGet("/api/plans", { cache: true })).resolves.toEqual({ n: 1 });
    jest.advanceTimersByTime(RESPONSE_CACHE_TTL_MS - 1);
    await expect(apiGet("/api/plans", { cache: true })).resolves.toEqual({ n: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    jest.advanceTimersByTime(1);
    await expect(apiGet("/api/plans", { cache: true })).resolves.toEqual({ n: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("keys the cache by path", async () => {
    await apiGet("/api/a", { cache: true });
    await apiGet("/api/b", { cache: true });
    await apiGet("/api/a", { cache: true });
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(["/api/a", "/api/b"]);
  });

  it("bypasses the cache unless asked", async () => {
    await apiGet("/api/plans", { cache: true });
    await apiGet("/api/plans");
    await apiGet("/api/plans");
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("does not cache failures", async () => {
    fetchMock.mockResolvedValueOnce(json(503, { message: "busy" }));
    await expect(apiGet("/api/plans", { cache: true })).rejects.toMatchObject({ status: 503 });
    await expect(apiGet("/api/plans", { cache: true })).resolves.toEqual({ n: 2 });
  });

  it("starts the sweep lazily and stops it when cleared", async () => {
    expect(jest.getTimerCount()).toBe(0);
    await apiGet("/api/plans");
    expect(jest.getTimerCount()).toBe(0);
    await apiGet("/api/plans", { cache: true });
    expect(jest.getTimerCount()).toBe(1);
    clearResponseCache();
    expect(jest.getTimerCount()).toBe(0);
  });

  it("sweeps expired entries and then stops sweeping", async () => {
    await apiGet("/api/plans", { cache: true });
    jest.advanceTimersByTime(RESPONSE_CACHE_TTL_MS + RESPONSE_CACHE_SWEEP_MS);
    expect(jest.getTimerCount()).toBe(0);
  });

  it("forgets cached answers when the signed-in identity changes", async () => {
    await apiGet("/api/plans", { cache: true });
    configureApiClient(tokens());
    await apiGet("/api/plans", { cache: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("can be cleared", async () => {
    await apiGet("/api/plans", { cache: true });
    clearResponseCache();
    await apiGet("/api/plans", { cache: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe("apiSend without the user's token", () => {
  it("sends no token and answers a 401 as it is, without a refresh", async () => {
    const source = tokens();
    configureApiClient(source);
    fetchMock.mockResolvedValueOnce(json(401, { error: "unauthenticated", message: "The ID token is not valid." }));

    await expect(apiSend("POST", "/api/auth/session", { idToken: "x" }, { anonymous: true })).rejects.toMatchObject({
      status: 401,
      message: "401: The ID token is not valid.",
    });
    expect(initOf(0).headers).not.toHaveProperty("Authorization");
    expect(source.getToken).not.toHaveBeenCalled();
    expect(source.refreshToken).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe("apiStream", () => {
  /** A response whose body arrives in the given chunks, split anywhere. */
  function chunked(status: number, chunks: string[]): Response {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const c of chunks) controller.enqueue(encoder.encode(c));
        controller.close();
      },
    });
    return new Response(body, { status, headers: { "Content-Type": "application/x-ndjson" } });
  }

  it("asks for NDJSON and hands over each line as it is completed", async () => {
    configureApiClient(tokens());
    fetchMock.mockResolvedValueOnce(chunked(200, ['{"type":"progress","progress":1}\n{"type":"res', 'ult","n":2}\n', "\n"]));
    const lines: unknown[] = [];

    await apiStream("POST", "/api/servers/s1/call", { method: "ping" }, { signal: new AbortController().signal, onLine: (l) => lines.push(l) });

    expect(lines).toEqual([{ type: "progress", progress: 1 }, { type: "result", n: 2 }]);
    expect(initOf(0)).toMatchObject({ method: "POST", credentials: "include", body: JSON.stringify({ method: "ping" }) });
    expect(initOf(0).headers).toEqual({
      "Content-Type": "application/json",
      "Cache-Control": "no-cache",
      Accept: "application/x-ndjson",
      Authorization: "Bearer t1",
    });
  });

  it("refreshes an expired token and streams the retry", async () => {
    const source = tokens();
    configureApiClient(source);
    fetchMock
      .mockResolvedValueOnce(json(401, { error: "token_expired", code: "token_expired", expired: true }))
      .mockResolvedValueOnce(chunked(200, ['{"type":"ready"}\n']));
    const lines: unknown[] = [];

    await apiStream("GET", "/api/servers/s1/events", undefined, { signal: new AbortController().signal, onLine: (l) => lines.push(l) });

    expect(source.refreshToken).toHaveBeenCalledTimes(1);
    expect(initOf(1).headers).toEqual({ Accept: "application/x-ndjson", "Cache-Control": "no-cache", Authorization: "Bearer t2" });
    expect(lines).toEqual([{ type: "ready" }]);
  });

  it("fails with the API's error before any line", async () => {
    fetchMock.mockResolvedValueOnce(json(404, { error: "not_found", message: "No such server." }));
    const onLine = jest.fn();
    await expect(apiStream("GET", "/api/servers/s9/events", undefined, { signal: new AbortController().signal, onLine })).rejects.toMatchObject({
      status: 404,
      message: "404: No such server.",
    });
    expect(onLine).not.toHaveBeenCalled();
  });
});

describe("apiBeacon", () => {
  afterEach(() => {
    delete (globalThis as any).navigator;
  });

  it("uses sendBeacon when the page is leaving", () => {
    const sendBeacon = jest.fn(() => true);
    Object.defineProperty(globalThis, "navigator", { value: { sendBeacon }, configurable: true });

    apiBeacon("/api/analytics/events", { events: [] }, { beacon: true });

    expect(sendBeacon).toHaveBeenCalledWith("/api/analytics/events", expect.any(Blob));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("otherwise sends a keepalive request without a token, and swallows its failure", async () => {
    configureApiClient(tokens());
    fetchMock.mockRejectedValueOnce(new TypeError("offline"));

    apiBeacon("/api/analytics/events", { events: [{ name: "page_view" }] });
    await new Promise((resolve) => setImmediate(resolve));

    expect(initOf(0)).toMatchObject({ method: "POST", keepalive: true, credentials: "same-origin", body: JSON.stringify({ events: [{ name: "page_view" }] }) });
    expect(initOf(0).headers).toEqual({ "Content-Type": "application/json" });
  });
});

describe("sendTokenTo", () => {
  it("posts the given token as bearer to another origin, without cookies", async () => {
    configureApiClient(tokens());
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));

    await sendTokenTo("https://sync.example.com/token", "fresh-token");

    expect(fetchMock.mock.calls[0][0]).toBe("https://sync.example.com/token");
    expect(initOf(0)).toEqual({ method: "POST", headers: { Authorization: "Bearer fresh-token" }, credentials: "omit" });
  });
});
