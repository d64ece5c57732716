import "server-only";
import { servers } from "../db/schema";
import type { SelectedRow } from "../db/selection";
import { maskedFromHint } from "../crypto/mask";
import type { ServerDto } from "./schema";

/** The columns a server's DTO is built from: never the owner, never a header value. */
export const serverColumns = {
  id: servers.id,
  name: servers.name,
  description: servers.description,
  transport: servers.transport,
  url: servers.url,
  tags: servers.tags,
  monitoringEnabled: servers.monitoringEnabled,
  intervalSec: servers.intervalSec,
  degradedThresholdMs: servers.degradedThresholdMs,
  status: servers.status,
  lastCheckAt: servers.lastCheckAt,
  latencyMs: servers.latencyMs,
  serverInfo: servers.serverInfo,
  capabilities: servers.capabilities,
  counts: servers.counts,
  createdAt: servers.createdAt,
  updatedAt: servers.updatedAt,
};

export type ServerRow = SelectedRow<typeof serverColumns>;

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
    headers: headers.map((h) => ({ name: h.name, value: maskedFromHint(h.valueHint) })),
    tags: row.tags,
    monitoring: { enabled: row.monitoringEnabled, intervalSec: row.intervalSec, thresholdMs: row.degradedThresholdMs },
    status: row.status,
    lastCheckAt: row.lastCheckAt?.toISOString() ?? null,
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
