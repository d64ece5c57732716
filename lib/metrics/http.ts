import { Counter, Histogram } from "prom-client";
import { metric } from "./registry";

const requests = metric(
  "http_requests",
  (registry) =>
    new Counter({
      name: "mcp_console_http_requests_total",
      help: "API requests answered, by method, route pattern and status.",
      labelNames: ["method", "route", "status"] as const,
      registers: [registry],
    }),
);

const durations = metric(
  "http_duration",
  (registry) =>
    new Histogram({
      name: "mcp_console_http_request_duration_seconds",
      help: "Time to answer an API request (to the first byte of a streamed answer), by method, route pattern and status.",
      labelNames: ["method", "route", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
);

/**
 * The route's pattern (`/api/servers/[id]/checks`) rather than its path, so
 * that a label's values are bounded by the number of routes, not of servers.
 */
export function routePattern(path: string, params: Record<string, string | string[]> | undefined): string {
  if (!params) return path;
  const byValue = new Map<string, string>();
  for (const [name, value] of Object.entries(params)) {
    if (typeof value !== "string") continue;
    byValue.set(value, `[${name}]`);
    byValue.set(encodeURIComponent(value), `[${name}]`);
  }
  return path
    .split("/")
    .map((segment) => byValue.get(segment) ?? segment)
    .join("/");
}

export function observeRequest(
  method: string,
  path: string,
  params: Record<string, string | string[]> | undefined,
  status: number,
  durationMs: number,
) {
  const labels = { method, route: routePattern(path, params), status: String(status) };
  requests.inc(labels);
  durations.observe(labels, durationMs / 1000);
}
