import { z } from "zod";
import { route } from "@/lib/route/handler";
import { gatewayViewOf } from "@/lib/gateways/view-dto";
import { gatewayViewDto } from "@/lib/gateways/responses";

const params = z.object({ id: z.string() });

export const GET = route(
  { auth: "user", doc: { summary: "What an agent connected to the gateway sees: every item, and why a hidden one is hidden", response: gatewayViewDto }, params },
  ({ user, params }) => gatewayViewOf(user.uid, params.id),
);
