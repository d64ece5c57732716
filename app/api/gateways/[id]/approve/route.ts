import { z } from "zod";
import { route } from "@/lib/route/handler";
import { approveDefinitions } from "@/lib/gateways/approve";
import { approveInput } from "@/lib/gateways/schema";
import { approveResult } from "@/lib/gateways/responses";

const params = z.object({ id: z.string() });

export const POST = route(
  { auth: "user", doc: { summary: "Approve a quarantined item's current definition (or all of a server's)", response: approveResult }, params, body: approveInput },
  ({ user, params, body, req, ip }) => approveDefinitions(user, params.id, body, { req, ip }),
);
