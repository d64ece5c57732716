import "server-only";
import { eq, sql } from "drizzle-orm";
import { DecryptionError } from "../crypto/encryption";
import { db } from "../db";
import { servers } from "../db/schema";
import { logger } from "../log";
import type { McpLimits } from "../upstream/connection";
import { sharedProcess } from "../upstream/call";
import { openHeaders, type SealedHeader } from "../servers/headers";
import { authProviderFor } from "../oauth-client/target";
import { rememberVerdict, verdictChanged } from "../servers/protocol-verdict";
// Two ways on purpose: a check that sees the tools change asks for a discovery, and a discovery is
// recorded as a check (lib/discovery/service.ts).
import { rediscoverQuietly } from "../discovery/service";
import { observeCheck } from "../metrics/monitoring";
import { performCheck, type CheckOutcome } from "./check";
import { HEADERS_UNOPENED, type CheckFailure } from "./failure";
import { recordCheck } from "./record";
import type { CheckNowResponse } from "./schema";
import type { ServerState } from "./write-check";
import type { ServerTransport } from "../mcp/types";
import type { ProtocolPrior } from "../mcp/types";
import { stdioCommandOf } from "../servers/stdio-command";
import type { StdioCommand } from "../stdio/command";
import type { StdioConfig } from "../stdio/config";

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
  /** The server as its claim read it (scheduled checks): not read again. */
  server?: ServerToCheck;
}

/** What a check needs of its server, and whether this due time was already checked. */
export interface ServerToCheck extends ServerState {
  ownerUid: string;
  transport: ServerTransport;
  url: string;
  authType: "headers" | "oauth";
  monitoringEnabled: boolean;
  thresholdMs: number;
  headers: SealedHeader[];
  checked: boolean;
  /** "auto" or a pinned revision, and the last negotiation's verdict (lib/upstream/negotiation.ts). */
  protocol: string;
  protocolPrior: ProtocolPrior | null;
  /** Transport "stdio": its package, program and arguments. */
  stdio?: StdioConfig | null;
}

const log = logger({ module: "monitoring" });

/**
 * Loads the server (its state, its sealed headers, whether this due time was
 * already checked: one query, unless its claim read them), checks it,
 * records the result. Null when the
 * server is gone, or (for a scheduled check) paused / not monitored, or when
 * a check for this server and due time already exists. When the check sees a
 * tool list other than the stored one, a discovery refreshes the inventory
 * before this returns.
 */
async function loadServer(serverId: string, dueAt: Date): Promise<ServerToCheck | undefined> {
  const [server] = await (await db())
    .select({
      ownerUid: servers.ownerUid,
      transport: servers.transport,
      url: servers.url,
      authType: servers.authType,
      status: servers.status,
      monitoringEnabled: servers.monitoringEnabled,
      thresholdMs: servers.degradedThresholdMs,
      consecutiveFailures: servers.consecutiveFailures,
      toolsHash: servers.toolsHash,
      protocol: servers.protocol,
      protocolPrior: servers.protocolPrior,
      stdio: servers.stdio,
      // (Spelled out: in a one-table select drizzle leaves column names unqualified, which the subqueries would misread.)
      hasOpenIncident: sql<boolean>`exists (select 1 from incidents i where i.server_id = servers.id and i.closed_at is null)`,
      headers: sql<SealedHeader[]>`(select coalesce(json_agg(json_build_object('name', h.name, 'valueEnc', h.value_enc)), '[]'::json)
                                      from server_headers h where h.server_id = servers.id)`,
      // Spares the connection; the unique index is what actually refuses a second check.
      checked: sql<boolean>`exists (select 1 from monitor_checks c where c.server_id = servers.id and c.due_at = ${dueAt.toISOString()}::timestamptz)`,
    })
    .from(servers)
    .where(eq(servers.id, serverId))
    .limit(1);
  return server;
}

/**
 * The server's headers in clear, or null when no configured key opens them.
 * Such a check is recorded as failed, not only logged: the owner then sees
 * it in the server's status and check history.
 */
function headersOf(serverId: string, sealed: SealedHeader[]): Record<string, string> | null {
  try {
    return openHeaders(serverId, sealed);
  } catch (err) {
    if (!(err instanceof DecryptionError)) throw err;
    log.warn("stored headers do not open: the check is recorded as failed", { serverId, reason: err.reason });
    return null;
  }
}

/** A stdio server's command with its env in clear; null when no configured key opens the env (recorded as failed, as headers are). */
async function commandOf(serverId: string, stdio: StdioConfig | null | undefined): Promise<StdioCommand | undefined | null> {
  try {
    return await stdioCommandOf({ id: serverId, stdio: stdio ?? null });
  } catch (err) {
    if (!(err instanceof DecryptionError)) throw err;
    log.warn("stored environment values do not open: the check is recorded as failed", { serverId, reason: err.reason });
    return null;
  }
}

const ENV_UNOPENED: CheckFailure = {
  ...HEADERS_UNOPENED,
  reason:
    "The stored environment values cannot be opened with this installation's encryption key, so the server was not started. Enter the values again, or ask the operator to configure the key they were encrypted with.",
};

/** A check that failed before any connection: no phase ran. */
const notMade = (failure: CheckFailure): CheckOutcome => ({
  result: "failed",
  startedAt: new Date(),
  latencyMs: null,
  phases: { connectMs: null, initializeMs: null, pingMs: null, listMs: null },
  failure,
  toolCount: null,
  toolsHash: null,
});

export async function runCheck(serverId: string, opts: RunCheckOptions): Promise<CheckNowResponse | null> {
  const server = opts.server ?? (await loadServer(serverId, opts.dueAt));
  if (!server || server.checked) return null;
  if (opts.trigger === "schedule" && (server.status === "paused" || !server.monitoringEnabled)) return null;

  const headers = headersOf(serverId, server.headers);
  const command = await commandOf(serverId, server.stdio);
  const outcome = !headers
    ? notMade(HEADERS_UNOPENED)
    : command === null
      ? notMade(ENV_UNOPENED)
      : await performCheck(
          {
            transport: server.transport,
            url: server.url,
            headers,
            authProvider: authProviderFor({ id: serverId, url: server.url, authType: server.authType }),
            protocol: server.protocol,
            prior: server.protocolPrior,
            command,
            // A stdio server's one process, shared with its other users: a check starts it when none runs.
            ...(server.transport === "stdio" ? { shared: sharedProcess(server.ownerUid, serverId) } : {}),
          },
          { thresholdMs: server.thresholdMs, timeoutMs: opts.timeoutMs, limits: opts.limits },
        );
  observeCheck(opts.trigger, outcome.result);
  if (verdictChanged(server.protocolPrior, outcome.prior)) await rememberVerdict(serverId, outcome.prior);
  const recorded = await recordCheck({ serverId, dueAt: opts.dueAt, trigger: opts.trigger, instance: opts.instance, outcome, known: server });
  if (!recorded) return null;
  if (recorded.inventoryStale) await rediscoverQuietly(serverId, log);
  return { check: recorded.check, status: recorded.status };
}
