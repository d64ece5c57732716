import { z } from "zod";
import { json, route } from "@/lib/route/handler";
import { listIncidentUpdates, postIncidentUpdate } from "@/lib/status-pages/incident-updates";
import { incidentUpdateCreate } from "@/lib/status-pages/schema";
import { incidentUpdateDto, incidentUpdateList } from "@/lib/status-pages/responses";

const params = z.object({ id: z.string(), incidentId: z.string() });

export const GET = route({ auth: "user", doc: { summary: "An incident's updates", response: incidentUpdateList }, params }, async ({ user, params }) => ({
  updates: await listIncidentUpdates(user.uid, params.id, params.incidentId),
}));

export const POST = route({ auth: "user", doc: { summary: "Post an update to an incident", status: 201, response: incidentUpdateDto }, params, body: incidentUpdateCreate }, async ({ user, params, body, req, ip, log }) =>
  json(await postIncidentUpdate(user, params.id, params.incidentId, body.body, { req, ip, log }), 201),
);
