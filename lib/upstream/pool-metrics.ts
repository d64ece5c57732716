import "server-only";
import { Gauge } from "prom-client";
import { metric } from "../metrics/registry";
import { workbenchPool } from "./pool";

/** The workbench pool's connections, read from the pool when metrics are scraped (app/api/metrics/route.ts registers it). */
export function watchWorkbenchPool() {
  metric(
    "workbench_pool",
    (registry) =>
      new Gauge({
        name: "mcp_console_workbench_connections",
        help: "Live MCP connections kept by the workbench, by state (busy in a call, idle).",
        labelNames: ["state"] as const,
        registers: [registry],
        collect() {
          const pool = workbenchPool();
          this.set({ state: "busy" }, pool.busy);
          this.set({ state: "idle" }, pool.size - pool.busy);
        },
      }),
  );
}
