import { z } from "zod";
import { route } from "@/lib/route/handler";
import { ticketStatusUpdate } from "@/lib/support/schema";
import { getThread, updateStatus } from "@/lib/support/service";
import { ticketAnswer } from "@/lib/support/responses";

const params = z.object({ id: z.uuid() });

export const GET = route({ auth: "user", doc: { summary: "A support ticket with its messages", response: ticketAnswer }, params }, async ({ user, params }) => ({ ticket: await getThread(user, params.id) }));

export const PATCH = route({ auth: "user", doc: { summary: "Close or reopen a support ticket", response: ticketAnswer }, params, body: ticketStatusUpdate }, async ({ user, params, body }) => ({
  ticket: await updateStatus(user, params.id, body.status),
}));
