import { z } from "zod";
import { json, route } from "@/lib/route/handler";
import { messageCreate } from "@/lib/support/schema";
import { postMessage } from "@/lib/support/service";
import { ticketAnswer } from "@/lib/support/responses";

export const POST = route(
  { auth: "user", doc: { summary: "Reply to a support ticket", status: 201, response: ticketAnswer }, params: z.object({ id: z.uuid() }), body: messageCreate },
  async ({ user, params, body, req, ip, log }) => json({ ticket: await postMessage(user, params.id, body.body, { req, ip, log }) }, 201),
);
