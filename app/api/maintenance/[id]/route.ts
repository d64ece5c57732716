import { z } from "zod";
import { route } from "@/lib/route/handler";
import { cancelMaintenance } from "@/lib/maintenance/service";

const params = z.object({ id: z.string() });

export const DELETE = route({ auth: "user", doc: { summary: "Cancel a maintenance window", status: 204 }, params }, async ({ user, params, req, ip, log }) => {
  await cancelMaintenance(user.uid, params.id, { req, ip, log });
  return new Response(null, { status: 204 });
});
