import "server-only";
import { sql } from "drizzle-orm";
import { servers } from "../db/schema";
import type { SelectedRow } from "../db/selection";
import { maskedFromHint } from "../crypto/mask";
import { lastCheckColumn } from "./pulse";
import type { ServerAuth, ServerDto } from "./schema";

/** The columns a server's DTO is built from: never the owner, never a header value. */
export const serverColumns = {
  id: servers.id,
  name: servers.name,
  description: servers.description,
  transport: servers.transport,
  url: servers.url,
  stdio: servers.stdio,
  // A stdio server's variable names (never their values).
  envNames: sql<string[] | null>`(case when servers.stdio is null then null else
                                   (select coalesce(json_agg(e.name order by e.name), '[]'::json) from server_env e where e.server_id = servers.id) end)`,
  authType: servers.authType,
  // (Spelled out: in a one-table select drizzle leaves column names unqualified, which the subquery would misread.)
  oauth: sql<OAuthState | null>`(select json_build_object('status', o.status, 'reason', o.reason, 'expiresAt', o.expires_at, 'lastRefreshAt', o.last_refresh_at)
                                 from server_oauth o where o.server_id = servers.id)`,
  tags: servers.tags,
  monitoringEnabled: servers.monitoringEnabled,
  intervalSec: servers.intervalSec,
  degradedThresholdMs: servers.degradedThresholdMs,
  protocol: servers.protocol,
  status: servers.status,
  lastCheckAt: servers.lastCheckAt,
  lastCheck: lastCheckColumn,
  latencyMs: servers.latencyMs,
  serverInfo: servers.serverInfo,
  capabilities: servers.capabilities,
  counts: servers.counts,
  createdAt: servers.createdAt,
  updatedAt: servers.updatedAt,
};

export type ServerRow = SelectedRow<typeof serverColumns>;

interface OAuthState {
  status: ServerAuth["status"];
  reason: string | null;
  expiresAt: string | null;
  lastRefreshAt: string | null;
}

const iso = (at: string | null) => (at ? new Date(at).toISOString() : null);

/** How the server's requests are signed in, and whether that works now: never a token. */
function authOf(row: ServerRow): ServerAuth {
  if (row.authType === "headers") return { type: "headers", status: "authorized", reason: null, expiresAt: null, lastRefreshAt: null };
  const o = row.oauth;
  return { type: "oauth", status: o?.status ?? "authorization_required", reason: o?.reason ?? null, expiresAt: iso(o?.expiresAt ?? null), lastRefreshAt: iso(o?.lastRefreshAt ?? null) };
}

export interface HeaderHint {
  name: string;
  valueHint: string;
}

export function toServerDto(row: ServerRow, headers: HeaderHint[]): ServerDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    transport: row.transport,
    url: row.url,
    ...(row.stdio ? { stdio: { package: row.stdio.package, integrity: row.stdio.integrity, args: row.stdio.args, env: row.envNames ?? [], egress: row.stdio.egress ?? [] } } : {}),
    headers: headers.map((h) => ({ name: h.name, value: maskedFromHint(h.valueHint) })),
    auth: authOf(row),
    tags: row.tags,
    monitoring: { enabled: row.monitoringEnabled, intervalSec: row.intervalSec, thresholdMs: row.degradedThresholdMs },
    protocol: row.protocol,
    status: row.status,
    lastCheckAt: row.lastCheckAt?.toISOString() ?? null,
    lastCheck: row.lastCheck,
    latencyMs: row.latencyMs,
    serverInfo: row.serverInfo,
    capabilities: row.capabilities,
    counts: {
      tools: row.counts?.tools ?? 0,
      resources: row.counts?.resources ?? 0,
      prompts: row.counts?.prompts ?? 0,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
