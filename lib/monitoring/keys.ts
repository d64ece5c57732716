import type { LatencyRange, UptimeWindow } from "./schema";

/** Query keys of one server's monitoring data; `server(id)` covers them all. */
export const monitoringKeys = {
  all: ["monitoring"] as const,
  server: (id: string) => ["monitoring", id] as const,
  uptime: (id: string, window: UptimeWindow) => ["monitoring", id, "uptime", window] as const,
  latency: (id: string, range: LatencyRange) => ["monitoring", id, "latency", range] as const,
  checks: (id: string) => ["monitoring", id, "checks"] as const,
  incidents: (id: string) => ["monitoring", id, "incidents"] as const,
};
