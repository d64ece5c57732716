import { z } from "zod";
import { route } from "@/lib/route/handler";
import { gatewayUpdate } from "@/lib/gateways/schema";
import { deleteGateway, getGateway, updateGateway } from "@/lib/gateways/service";
import { gatewayDto } from "@/lib/gateways/responses";

const params = z.object({ id: z.string() });

export const GET = route({ auth: "user", doc: { summary: "One gateway, with its endpoint URL", response: gatewayDto }, params }, ({ user, params }) => getGateway(user.uid, params.id));

export const PATCH = route({ auth: "user", doc: { summary: "Change a gateway (its name, servers and policy)", response: gatewayDto }, params, body: gatewayUpdate }, ({ user, params, body, req, ip }) =>
  updateGateway(user, params.id, body, { req, ip }),
);

export const DELETE = route({ auth: "user", doc: { summary: "Delete a gateway (its endpoint stops answering)", status: 204 }, params }, async ({ user, params, req, ip }) => {
  await deleteGateway(user, params.id, { req, ip });
  return new Response(null, { status: 204 });
});
