import { route } from "@/lib/route/handler";
import { ticketCreate } from "@/lib/support/schema";
import { createTicket, listOwnTickets } from "@/lib/support/service";
import { ticketAnswer, ticketList } from "@/lib/support/responses";

export const GET = route({ auth: "user", doc: { summary: "The user's support tickets", response: ticketList } }, async ({ user }) => ({ tickets: await listOwnTickets(user.uid) }));

export const POST = route({ auth: "user", doc: { summary: "Open a support ticket", response: ticketAnswer }, body: ticketCreate }, async ({ user, body, req, ip, log }) => ({
  ticket: await createTicket(user, body, { req, ip, log }),
}));
