import { json, route } from "@/lib/route/handler";
import { gatewayCreate, type GatewayListResponse } from "@/lib/gateways/schema";
import { createGateway, listGateways } from "@/lib/gateways/service";
import { heldItems } from "@/lib/gateways/held";
import { gatewayDto, gatewayListResponse } from "@/lib/gateways/responses";

export const GET = route({ auth: "user", doc: { summary: "The user's gateways, by name", response: gatewayListResponse } }, async ({ user }) => {
  const gateways = await listGateways(user.uid);
  const held = await heldItems(gateways.map((g) => g.id));
  const body: GatewayListResponse = { gateways: gateways.map((g) => ({ ...g, held: held.get(g.id)! })) };
  return body;
});

export const POST = route(
  { auth: "user", doc: { summary: "Create a gateway: one MCP endpoint serving chosen servers, guarded by the scanner", status: 201, response: gatewayDto }, body: gatewayCreate },
  async ({ user, body, req, ip }) => json(await createGateway(user, body, { req, ip }), 201),
);
