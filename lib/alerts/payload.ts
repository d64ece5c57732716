import "server-only";
import { env } from "../env";
import type { AlertEventName, AlertFlapping, AlertIncident, AlertPayload } from "./schema";

export interface IncidentRow {
  id: string;
  openedAt: Date;
  closedAt: Date | null;
  reason: string;
}

export function alertIncident(row: IncidentRow): AlertIncident {
  return {
    id: row.id,
    openedAt: row.openedAt.toISOString(),
    closedAt: row.closedAt ? row.closedAt.toISOString() : null,
    durationSec: row.closedAt ? Math.round((row.closedAt.getTime() - row.openedAt.getTime()) / 1000) : null,
    reason: row.reason,
  };
}

export const serverPageUrl = (serverId: string) => `${env().appUrl}/servers/${serverId}`;
export const notificationSettingsUrl = () => `${env().appUrl}/settings#notifications`;

/** The event about one of a server's incidents (or its flapping). */
export function incidentPayload(a: {
  id: string;
  event: Exclude<AlertEventName, "test">;
  createdAt: Date;
  server: { id: string; name: string };
  incident: IncidentRow | null;
  flapping?: AlertFlapping;
}): AlertPayload {
  return {
    id: a.id,
    event: a.event,
    createdAt: a.createdAt.toISOString(),
    server: a.server,
    incident: a.incident ? alertIncident(a.incident) : null,
    ...(a.flapping ? { flapping: a.flapping } : {}),
    url: serverPageUrl(a.server.id),
  };
}

export function testPayload(id: string, createdAt: Date): AlertPayload {
  return {
    id,
    event: "test",
    createdAt: createdAt.toISOString(),
    server: null,
    incident: null,
    url: notificationSettingsUrl(),
    message: "This is a test alert from MCP Console: alerts reach you here. Real ones name a server and what happened to it.",
  };
}
