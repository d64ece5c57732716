import { route } from "@/lib/http/route";
import { ticketInboxQuery } from "@/lib/support/schema";
import { listAllTickets } from "@/lib/support/service";

export const GET = route({ auth: "admin", doc: { summary: "Every user's support tickets" }, query: ticketInboxQuery }, ({ query }) => listAllTickets(query));
