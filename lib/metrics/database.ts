import { Histogram } from "prom-client";
import { metric } from "./registry";

const queries = metric(
  "db_queries",
  (registry) =>
    new Histogram({
      name: "mcp_console_db_query_duration_seconds",
      help: "Time of a database round trip (queries outside transactions), by outcome (ok, error).",
      labelNames: ["outcome"] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
);

type Queryable = { query: (...args: never[]) => unknown };

/**
 * Times every call of the client's `query` (pg's Pool, PGlite), the method
 * Drizzle sends its statements through. Callback-style calls answer no
 * promise and are left untimed.
 */
export function timeQueries<T extends Queryable>(client: T): T {
  const original = client.query.bind(client) as (...args: unknown[]) => unknown;
  const timed = (...args: unknown[]) => {
    const end = queries.startTimer();
    const result = original(...args);
    if (result instanceof Promise) {
      result.then(
        () => end({ outcome: "ok" }),
        () => end({ outcome: "error" }),
      );
    }
    return result;
  };
  client.query = timed as T["query"];
  return client;
}
