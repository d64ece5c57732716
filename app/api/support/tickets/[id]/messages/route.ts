import { z } from "zod";
import { route } from "@/lib/http/route";
import { messageCreate } from "@/lib/support/schema";
import { postMessage } from "@/lib/support/service";

export const POST = route(
  { auth: "user", doc: { summary: "Reply to a support ticket", status: 201 }, params: z.object({ id: z.uuid() }), body: messageCreate },
  async ({ user, params, body, req, ip, log }) => ({ ticket: await postMessage(user, params.id, body.body, { req, ip, log }) }),
);
