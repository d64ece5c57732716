import { z } from "zod";
import { route } from "@/lib/route/handler";
import { resumeAlerts } from "@/lib/alerts/silences";

const params = z.object({ id: z.string() });

export const DELETE = route({ auth: "user", doc: { summary: "Resume alerts paused by this pause", status: 204 }, params }, async ({ user, params, req, ip, log }) => {
  await resumeAlerts(user.uid, params.id, { req, ip, log });
  return new Response(null, { status: 204 });
});
