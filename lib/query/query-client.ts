import { QueryClient, type QueryFunction } from "@tanstack/react-query";

import { ApiError } from "@/lib/api-client/api-error";
import { apiGet } from "@/lib/api-client/fetch";

export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
export const QUERY_GC_TIME_MS = 10 * 60 * 1000;
export const QUERY_RETRY_LIMIT = 3;
export const MUTATION_RETRY_LIMIT = 2;
export const RETRY_BASE_DELAY_MS = 1000;
export const RETRY_MAX_DELAY_MS = 30_000;

/**
 * `failureCount` is TanStack's count of failures before this one (0 after the
 * first), so `max` is the number of retries. A 4xx will fail the same way
 * again, so it is never retried.
 */
export function shouldRetry(failureCount: number, error: unknown, max: number): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status <= 499) return false;
  return failureCount < max;
}

export function retryDelay(attemptIndex: number): number {
  return Math.min(RETRY_BASE_DELAY_MS * 2 ** attemptIndex, RETRY_MAX_DELAY_MS);
}

/**
 * A query without its own function reads a path key (`["/api/x"]`) through
 * the API client; anything else is "Missing queryFn". The console's hooks do
 * not lean on it: each passes its queryFn and keys with its domain's key
 * factory (`serverKeys`, `settingsKeys`…), so that one prefix invalidates a
 * domain. Only same-site paths qualify: a `//host` key would send the bearer
 * token to another origin.
 */
export const defaultQueryFn: QueryFunction = async ({ queryKey, signal }) => {
  const [path] = queryKey;
  if (typeof path !== "string" || !path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) {
    throw new Error("Missing queryFn");
  }
  const data = await apiGet<unknown>(path, { signal });
  // TanStack treats undefined as "no data yet"; an empty answer must surface as a failure instead.
  if (data === undefined) throw new Error(`Query data cannot be undefined: ${path} returned no data`);
  return data;
};

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: QUERY_STALE_TIME_MS,
        gcTime: QUERY_GC_TIME_MS,
        refetchOnWindowFocus: true,
        refetchInterval: false,
        retry: (failureCount, error) => shouldRetry(failureCount, error, QUERY_RETRY_LIMIT),
        retryDelay,
      },
      mutations: {
        retry: (failureCount, error) => shouldRetry(failureCount, error, MUTATION_RETRY_LIMIT),
        retryDelay,
      },
    },
  });
}
