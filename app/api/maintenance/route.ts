import { json, route } from "@/lib/route/handler";
import { maintenanceDto, maintenanceList } from "@/lib/maintenance/responses";
import { maintenanceCreate } from "@/lib/maintenance/schema";
import { listMaintenance, scheduleMaintenance } from "@/lib/maintenance/service";

export const GET = route({ auth: "user", doc: { summary: "The user's maintenance windows (not over, or over for less than a week)", response: maintenanceList } }, async ({ user }) => ({
  windows: await listMaintenance(user.uid),
}));

export const POST = route(
  { auth: "user", doc: { summary: "Schedule maintenance: checks in the window open no incident and send no alert", status: 201, response: maintenanceDto }, body: maintenanceCreate },
  async ({ user, body, req, ip, log }) => json(await scheduleMaintenance(user, body, { req, ip, log }), 201),
);
