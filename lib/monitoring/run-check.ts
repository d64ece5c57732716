import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "../db";
import { monitorChecks, servers } from "../db/schema";
import { logger } from "../log";
import type { McpLimits } from "../mcp/client";
import { decryptedHeaders } from "../servers/headers";
import { rediscoverQuietly } from "../servers/service";
import { performCheck } from "./check";
import { recordCheck } from "./record";
import type { CheckNowResponse } from "./schema";

export interface RunCheckOptions {
  /** The time the check is for: the schedule's due time, or now for a manual check. One check per server and due time. */
  dueAt: Date;
  trigger: "schedule" | "manual";
  /** Which service instance runs it (kept on the check). */
  instance: string;
  /** The whole check's bound; DEFAULT_CHECK_TIMEOUT_MS when absent. */
  timeoutMs?: number;
  /** Transport limits and address policy (tests and benchmarks). */
  limits?: Partial<McpLimits>;
}

const log = logger({ module: "monitoring" });

/**
 * Loads the server (and its decrypted headers), checks it, records the
 * result. Null when the server is gone, or (for a scheduled check) paused /
 * not monitored, or when a check for this server and due time already
 * exists. When the check sees a tool list other than the stored one, a
 * discovery refreshes the inventory before this returns.
 */
export async function runCheck(serverId: string, opts: RunCheckOptions): Promise<CheckNowResponse | null> {
  const database = await db();
  const [server] = await database
    .select({
      transport: servers.transport,
      url: servers.url,
      status: servers.status,
      monitoringEnabled: servers.monitoringEnabled,
      thresholdMs: servers.degradedThresholdMs,
    })
    .from(servers)
    .where(eq(servers.id, serverId))
    .limit(1);
  if (!server) return null;
  if (opts.trigger === "schedule" && (server.status === "paused" || !server.monitoringEnabled)) return null;
  // Spares the connection; the unique index is what actually refuses a second check.
  const [done] = await database
    .select({ id: monitorChecks.id })
    .from(monitorChecks)
    .where(and(eq(monitorChecks.serverId, serverId), eq(monitorChecks.dueAt, opts.dueAt)))
    .limit(1);
  if (done) return null;

  const outcome = await performCheck(
    { transport: server.transport, url: server.url, headers: await decryptedHeaders(serverId) },
    { thresholdMs: server.thresholdMs, timeoutMs: opts.timeoutMs, limits: opts.limits },
  );
  const recorded = await recordCheck({ serverId, dueAt: opts.dueAt, trigger: opts.trigger, instance: opts.instance, outcome });
  if (!recorded) return null;
  if (recorded.inventoryStale) await rediscoverQuietly(serverId, log);
  return { check: recorded.check, status: recorded.status };
}
