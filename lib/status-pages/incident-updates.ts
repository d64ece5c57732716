import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { record } from "../activity/service";
import { db } from "../db";
import { incidents, incidentUpdates, servers } from "../db/schema";
import { notFound, planRequired } from "../http/errors";
import type { Origin } from "../servers/service";
import { assertAllowed } from "../plans/capabilities";
import { planOf, type PlanHolder } from "../plans/holder";
import type { IncidentUpdateDto } from "./schema";

/** Notes an owner posts on an incident; the public status pages that list its server show them. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const missing = () => notFound("No incident with this id on this server.");

async function findIncident(uid: string, serverId: string, incidentId: string) {
  if (!UUID.test(serverId) || !UUID.test(incidentId)) throw missing();
  const [row] = await (await db())
    .select({ id: incidents.id, serverName: servers.name, openedAt: incidents.openedAt })
    .from(incidents)
    .innerJoin(servers, eq(servers.id, incidents.serverId))
    .where(and(eq(incidents.id, incidentId), eq(incidents.serverId, serverId), eq(servers.ownerUid, uid)))
    .limit(1);
  if (!row) throw missing();
  return row;
}

const toDto = (row: { id: string; body: string; createdAt: Date }): IncidentUpdateDto => ({
  id: row.id,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
});

export async function listIncidentUpdates(uid: string, serverId: string, incidentId: string): Promise<IncidentUpdateDto[]> {
  await findIncident(uid, serverId, incidentId);
  const rows = await (await db())
    .select({ id: incidentUpdates.id, body: incidentUpdates.body, createdAt: incidentUpdates.createdAt })
    .from(incidentUpdates)
    .where(eq(incidentUpdates.incidentId, incidentId))
    .orderBy(asc(incidentUpdates.createdAt), asc(incidentUpdates.id));
  return rows.map(toDto);
}

export async function postIncidentUpdate(actor: PlanHolder, serverId: string, incidentId: string, body: string, origin: Origin = {}): Promise<IncidentUpdateDto> {
  const incident = await findIncident(actor.uid, serverId, incidentId);
  assertAllowed(actor, "publishing");
  if (!planOf(actor).features.fullMonitoring) {
    throw planRequired("fullMonitoring", "Incident updates for status pages come with full monitoring on the Pro or Enterprise plan.");
  }
  const [row] = await (await db())
    .insert(incidentUpdates)
    .values({ incidentId, serverId, body })
    .returning({ id: incidentUpdates.id, body: incidentUpdates.body, createdAt: incidentUpdates.createdAt });
  await record({
    userUid: actor.uid,
    action: "incident.update_posted",
    summary: `Posted an update on the incident of ${incident.serverName}`,
    target: { type: "server", id: serverId },
    metadata: { incidentId, length: body.length },
    req: origin.req,
    ip: origin.ip,
  });
  return toDto(row);
}
