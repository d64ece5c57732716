import "server-only";
import { dehydrate, HydrationBoundary, QueryClient, type QueryKey } from "@tanstack/react-query";
import type { ReactNode } from "react";

/**
 * One entry of the browser's cache, filled on the server: the key the
 * browser's hook reads, and the service call the API route behind that hook
 * makes, with the same arguments, so that the page and the API answer alike.
 */
export interface PrefetchQuery<T = unknown> {
  queryKey: QueryKey;
  load: () => Promise<T>;
  /** The first page of an infinite query (whose first page parameter is ""). */
  infinite?: true;
}

/** A page's `searchParams`, as Next.js hands them to it. */
export type PageSearchParams = Record<string, string | string[] | undefined>;

/** The page's query string as the browser's `useSearchParams()` reads it, so that both derive the same keys from it. */
export function searchParamsOf(params: PageSearchParams): URLSearchParams {
  return new URLSearchParams(Object.entries(params).flatMap(([key, value]) => [value ?? []].flat().map((v) => [key, v])));
}

/**
 * What the browser would get from the route: the route answers with
 * `JSON.stringify` of the same value (dates become strings, undefined fields
 * vanish), and the hook caches what it parses.
 */
const asJson = (value: unknown): unknown => (value === undefined ? null : JSON.parse(JSON.stringify(value)));

/**
 * Renders `children` with `queries` already in the browser's query cache, so
 * a console page arrives with its data and its hooks start from it (then
 * refresh it as they always do). A query that fails here is left out: the
 * hook asks the API itself and shows that answer, an error included.
 */
export async function Prefetch({ queries, children }: { queries: PrefetchQuery[]; children: ReactNode }) {
  // One client per request: a shared one would mix users' data.
  const client = new QueryClient();
  await Promise.all(
    queries.map(({ queryKey, load, infinite }) => {
      const queryFn = async () => asJson(await load());
      return infinite ? client.prefetchInfiniteQuery({ queryKey, queryFn, initialPageParam: "" }) : client.prefetchQuery({ queryKey, queryFn });
    }),
  );
  return <HydrationBoundary state={dehydrate(client)}>{children}</HydrationBoundary>;
}
