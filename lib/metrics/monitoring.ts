import { Counter, Histogram } from "prom-client";
import { metric } from "./registry";

const checks = metric(
  "monitor_checks",
  (registry) =>
    new Counter({
      name: "mcp_console_monitor_checks_total",
      help: "Health checks run by this instance, by trigger (schedule, manual) and result (up, degraded, failed).",
      labelNames: ["trigger", "result"] as const,
      registers: [registry],
    }),
);

const lag = metric(
  "monitor_lag",
  (registry) =>
    new Histogram({
      name: "mcp_console_monitor_schedule_lag_seconds",
      help: "How late a scheduled check started after its due time.",
      buckets: [0.1, 0.5, 1, 2, 5, 10, 30, 60, 300],
      registers: [registry],
    }),
);

export function observeCheck(trigger: string, result: string) {
  checks.inc({ trigger, result });
}

export function observeScheduleLag(dueAt: Date) {
  lag.observe(Math.max(0, Date.now() - dueAt.getTime()) / 1000);
}
