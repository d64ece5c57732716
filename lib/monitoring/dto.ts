import { incidents, monitorChecks } from "../db/schema";
import type { CheckDto, IncidentDto } from "./schema";

/** The columns a check's DTO is built from. */
export const checkColumns = {
  id: monitorChecks.id,
  dueAt: monitorChecks.dueAt,
  startedAt: monitorChecks.startedAt,
  trigger: monitorChecks.trigger,
  result: monitorChecks.result,
  latencyMs: monitorChecks.latencyMs,
  connectMs: monitorChecks.connectMs,
  initializeMs: monitorChecks.initializeMs,
  pingMs: monitorChecks.pingMs,
  listMs: monitorChecks.listMs,
  failureKind: monitorChecks.failureKind,
  reason: monitorChecks.reason,
  toolCount: monitorChecks.toolCount,
  toolsChanged: monitorChecks.toolsChanged,
};

export type CheckRow = typeof monitorChecks.$inferSelect;

export function toCheckDto(row: Pick<CheckRow, keyof typeof checkColumns>): CheckDto {
  return {
    id: row.id,
    dueAt: row.dueAt.toISOString(),
    startedAt: row.startedAt.toISOString(),
    trigger: row.trigger,
    result: row.result,
    latencyMs: row.latencyMs,
    phases: { connectMs: row.connectMs, initializeMs: row.initializeMs, pingMs: row.pingMs, listMs: row.listMs },
    failureKind: row.failureKind,
    reason: row.reason,
    toolCount: row.toolCount,
    toolsChanged: row.toolsChanged,
  };
}

export const incidentColumns = {
  id: incidents.id,
  openedAt: incidents.openedAt,
  closedAt: incidents.closedAt,
  failureKind: incidents.failureKind,
  reason: incidents.reason,
  failedChecks: incidents.failedChecks,
};

type IncidentRow = Pick<typeof incidents.$inferSelect, keyof typeof incidentColumns>;

export const durationSec = (openedAt: Date, closedAt: Date) => Math.max(0, Math.round((closedAt.getTime() - openedAt.getTime()) / 1000));

export function toIncidentDto(row: IncidentRow): IncidentDto {
  return {
    id: row.id,
    openedAt: row.openedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    durationSec: row.closedAt ? durationSec(row.openedAt, row.closedAt) : null,
    failureKind: row.failureKind,
    reason: row.reason,
    failedChecks: row.failedChecks,
  };
}
