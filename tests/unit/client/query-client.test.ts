/** @jest-environment node */
import { ApiError } from "@/lib/api-client/api-error";
import { clearResponseCache, configureApiClient } from "@/lib/api-client/fetch";
import {
  MUTATION_RETRY_LIMIT,
  QUERY_GC_TIME_MS,
  QUERY_RETRY_LIMIT,
  QUERY_STALE_TIME_MS,
  makeQueryClient,
  retryDelay,
  shouldRetry,
} from "@/lib/query/query-client";

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];

const realFetch = globalThis.fetch;
let fetchMock: jest.Mock<Promise<Response>, FetchArgs>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

beforeEach(() => {
  fetchMock = jest.fn<Promise<Response>, FetchArgs>();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  configureApiClient(null);
  clearResponseCache();
});

afterEach(() => {
  jest.useRealTimers();
  globalThis.fetch = realFetch;
});

describe("constants", () => {
  it("are the console's: 5 min fresh, 10 min kept, 3 query and 2 mutation retries", () => {
    expect(QUERY_STALE_TIME_MS).toBe(300_000);
    expect(QUERY_GC_TIME_MS).toBe(600_000);
    expect(QUERY_RETRY_LIMIT).toBe(3);
    expect(MUTATION_RETRY_LIMIT).toBe(2);
  });
});

describe("shouldRetry", () => {
  it.each([400, 401, 403, 404, 409, 422, 429, 499])("never retries a %i", (status) => {
    expect(shouldRetry(0, new ApiError(status, "x", `${status}: x`), QUERY_RETRY_LIMIT)).toBe(false);
  });

  it("retries queries up to 3 times", () => {
    const err = new ApiError(503, "Service Unavailable", "503: busy");
    expect([0, 1, 2, 3].map((n) => shouldRetry(n, err, QUERY_RETRY_LIMIT))).toEqual([true, true, true, false]);
  });

  it("retries mutations up to 2 times", () => {
    const err = new ApiError(0, "Network Error", "Network error while fetching /x: down");
    expect([0, 1, 2].map((n) => shouldRetry(n, err, MUTATION_RETRY_LIMIT))).toEqual([true, true, false]);
  });

  it("retries 5xx, status 0 and plain errors", () => {
    expect(shouldRetry(0, new ApiError(500, "", "500: x"), 3)).toBe(true);
    expect(shouldRetry(0, new ApiError(0, "Unknown Error", "x"), 3)).toBe(true);
    expect(shouldRetry(0, new Error("x"), 3)).toBe(true);
  });
});

describe("retryDelay", () => {
  it("doubles from 1 s and caps at 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });
});

describe("makeQueryClient", () => {
  it("applies those query and mutation defaults", () => {
    const { queries, mutations } = makeQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({
      staleTime: 300_000,
      gcTime: 600_000,
      refetchOnWindowFocus: true,
      refetchInterval: false,
      retryDelay,
    });
    const notFound = new ApiError(404, "Not Found", "404: gone");
    const busy = new ApiError(503, "", "503: busy");
    const queryRetry = queries?.retry as (n: number, e: unknown) => boolean;
    const mutationRetry = mutations?.retry as (n: number, e: unknown) => boolean;
    expect(queryRetry(2, busy)).toBe(true);
    expect(queryRetry(3, busy)).toBe(false);
    expect(queryRetry(0, notFound)).toBe(false);
    expect(mutationRetry(1, busy)).toBe(true);
    expect(mutationRetry(2, busy)).toBe(false);
    expect(mutationRetry(0, notFound)).toBe(false);
    expect(mutations?.retryDelay).toBe(retryDelay);
  });

  it("makes a fresh client each time", () => {
    expect(makeQueryClient()).not.toBe(makeQueryClient());
  });
});

describe("default queryFn", () => {
  it("GETs a path key through the API client with the query's signal", async () => {
    fetchMock.mockResolvedValueOnce(json(200, [{ id: "s1" }]));
    const client = makeQueryClient();

    await expect(client.fetchQuery({ queryKey: ["/api/servers"] })).resolves.toEqual([{ id: "s1" }]);

    expect(fetchMock.mock.calls[0][0]).toBe("/api/servers");
    expect(fetchMock.mock.calls[0][1]?.signal).toBeInstanceOf(AbortSignal);
    client.clear();
  });

  it.each([["servers"], [42], ["//evil.example/api"]])("fails with Missing queryFn for key %p", async (first) => {
    const client = makeQueryClient();
    await expect(client.fetchQuery({ queryKey: [first], retry: false })).rejects.toMatchObject({ message: "Missing queryFn" });
    expect(fetchMock).not.toHaveBeenCalled();
    client.clear();
  });

  it("treats undefined data as an error", async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    const client = makeQueryClient();
    await expect(client.fetchQuery({ queryKey: ["/api/empty"], retry: false })).rejects.toThrow(/undefined/);
    client.clear();
  });

  it("does not retry a 4xx", async () => {
    fetchMock.mockResolvedValue(json(404, { message: "gone" }));
    const client = makeQueryClient();
    await expect(client.fetchQuery({ queryKey: ["/api/missing"] })).rejects.toMatchObject({ status: 404 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    client.clear();
  });

  it("retries a 5xx with growing delays", async () => {
    jest.useFakeTimers({ doNotFake: ["nextTick", "setImmediate", "queueMicrotask"] });
    fetchMock
      .mockResolvedValueOnce(json(503, { message: "busy" }))
      .mockResolvedValueOnce(json(503, { message: "busy" }))
      .mockResolvedValueOnce(json(200, { ok: true }));
    const client = makeQueryClient();

    const result = client.fetchQuery({ queryKey: ["/api/flaky"] });
    await jest.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(2000);
    await expect(result).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    client.clear();
  });
});
