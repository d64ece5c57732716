import type { CheckDto, UptimeBucket, UptimeDto } from "@/lib/monitoring/schema";
import type { ServerDto } from "@/lib/servers/schema";

export const SERVER_ID = "6b1f3a52-8a34-4d7e-9a0c-2f3b4c5d6e7f";

const HOUR = 3_600_000;
const START = Date.UTC(2026, 10, 20, 0, 0, 0);

/** An hourly bucket; `latency` null means no answer was timed in it. */
export function bucket(i: number, over: Partial<UptimeBucket> = {}): UptimeBucket {
  return {
    start: new Date(START + i * HOUR).toISOString(),
    end: new Date(START + (i + 1) * HOUR).toISOString(),
    checks: 60,
    failed: 0,
    degraded: 0,
    uptimePct: 100,
    latency: { p50: 100 + i, p95: 200 + i, p99: 300 + i },
    ...over,
  };
}

export function uptime(series: UptimeBucket[], over: Partial<UptimeDto> = {}): UptimeDto {
  return {
    window: "24h",
    from: series[0]?.start ?? new Date(START).toISOString(),
    to: series.at(-1)?.end ?? new Date(START).toISOString(),
    checks: series.reduce((n, b) => n + b.checks, 0),
    failed: series.reduce((n, b) => n + b.failed, 0),
    uptimePct: 99.5,
    latency: { p50: 120, p95: 340, p99: 500 },
    incidents: 1,
    series,
    ...over,
  };
}

export function check(over: Partial<CheckDto> = {}): CheckDto {
  return {
    id: "c0000000-0000-4000-8000-000000000001",
    dueAt: new Date().toISOString(),
    startedAt: new Date().toISOString(),
    trigger: "manual",
    result: "up",
    latencyMs: 143,
    phases: { connectMs: 12, initializeMs: 80, pingMs: 9, listMs: 30 },
    failureKind: null,
    reason: null,
    toolCount: 13,
    toolsChanged: false,
    ...over,
  };
}

export function server(over: Partial<ServerDto> = {}): ServerDto {
  return {
    id: SERVER_ID,
    name: "Everything",
    description: "",
    transport: "streamable-http",
    url: "http://127.0.0.1:3001/mcp",
    headers: [],
    auth: { type: "headers", status: "authorized", reason: null, expiresAt: null, lastRefreshAt: null },
    tags: [],
    monitoring: { enabled: true, intervalSec: 900, thresholdMs: 2000 },
    protocol: "auto",
    status: "up",
    lastCheckAt: new Date().toISOString(),
    lastCheck: { trigger: "schedule", result: "up", reason: null },
    latencyMs: 143,
    serverInfo: null,
    capabilities: null,
    counts: { tools: 13, resources: 7, prompts: 4 },
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    ...over,
  };
}
