import { z } from "zod";
import { route } from "@/lib/http/route";
import { TICKET_STATUSES } from "@/lib/support/schema";
import { listAllTickets } from "@/lib/support/service";

const query = z.object({ status: z.enum(TICKET_STATUSES).optional() });

export const GET = route({ auth: "admin", query }, async ({ query }) => ({ tickets: await listAllTickets(query.status) }));
