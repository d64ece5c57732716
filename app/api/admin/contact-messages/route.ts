import { route } from "@/lib/route/handler";
import { listContactMessages } from "@/lib/support/contact-messages";
import { contactInboxQuery } from "@/lib/support/schema";
import { contactPage } from "@/lib/support/responses";

export const GET = route({ auth: "admin", doc: { summary: "The contact form's inbox", response: contactPage }, query: contactInboxQuery }, ({ query }) => listContactMessages(query));
