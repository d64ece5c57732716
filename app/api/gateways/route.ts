import { json, route } from "@/lib/route/handler";
import { gatewayCreate, type GatewayListResponse } from "@/lib/gateways/schema";
import { createGateway } from "@/lib/gateways/service";
import { listGatewaysWithHeld } from "@/lib/gateways/held";
import { gatewayDto, gatewayListResponse } from "@/lib/gateways/responses";

export const GET = route({ auth: "user", doc: { summary: "The user's gateways, by name", response: gatewayListResponse } }, async ({ user }) => {
  const body: GatewayListResponse = { gateways: await listGatewaysWithHeld(user.uid) };
  return body;
});

export const POST = route(
  { auth: "user", doc: { summary: "Create a gateway: one MCP endpoint serving chosen servers, guarded by the scanner", status: 201, response: gatewayDto }, body: gatewayCreate },
  async ({ user, body, req, ip }) => json(await createGateway(user, body, { req, ip }), 201),
);
