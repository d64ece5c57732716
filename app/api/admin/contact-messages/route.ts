import { z } from "zod";
import { route } from "@/lib/http/route";
import { listContactMessages } from "@/lib/support/contact-messages";
import { CONTACT_STATUSES } from "@/lib/support/schema";

const query = z.object({ status: z.enum(CONTACT_STATUSES).optional() });

export const GET = route({ auth: "admin", query }, async ({ query }) => ({ messages: await listContactMessages(query.status) }));
