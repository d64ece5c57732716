import { z } from "zod";
import { route } from "@/lib/route/handler";
import { recentCalls } from "@/lib/gateways/calls";
import { gatewayCallsResponse } from "@/lib/gateways/responses";
import type { GatewayCallsResponse } from "@/lib/gateways/schema";

const params = z.object({ id: z.string() });
const query = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

export const GET = route({ auth: "user", doc: { summary: "The gateway's latest calls, newest first", response: gatewayCallsResponse }, params, query }, async ({ user, params, query }) => {
  const body: GatewayCallsResponse = { calls: await recentCalls(user.uid, params.id, query.limit) };
  return body;
});
