import { z } from "zod";
import { route } from "@/lib/route/handler";
import { statusPageUpdate } from "@/lib/status-pages/schema";
import { deleteStatusPage, getStatusPage, updateStatusPage } from "@/lib/status-pages/service";
import { statusPageDto } from "@/lib/status-pages/responses";

const params = z.object({ id: z.string() });

export const GET = route({ auth: "user", doc: { summary: "One status page", response: statusPageDto }, params }, ({ user, params }) => getStatusPage(user.uid, params.id));

export const PATCH = route({ auth: "user", doc: { summary: "Change a status page", response: statusPageDto }, params, body: statusPageUpdate }, ({ user, params, body, req, ip, log }) =>
  updateStatusPage(user, params.id, body, { req, ip, log }),
);

export const DELETE = route({ auth: "user", doc: { summary: "Delete a status page", status: 204 }, params }, async ({ user, params, req, ip, log }) => {
  await deleteStatusPage(user, params.id, { req, ip, log });
  return new Response(null, { status: 204 });
});
