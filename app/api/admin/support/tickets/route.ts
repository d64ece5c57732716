import { route } from "@/lib/route/handler";
import { ticketInboxQuery } from "@/lib/support/schema";
import { listAllTickets } from "@/lib/support/service";
import { ticketPage } from "@/lib/support/responses";

export const GET = route({ auth: "admin", doc: { summary: "Every user's support tickets", response: ticketPage }, query: ticketInboxQuery }, ({ query }) => listAllTickets(query));
