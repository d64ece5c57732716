import { z } from "zod";
import { route } from "@/lib/route/handler";
import { setContactStatus } from "@/lib/support/contact-messages";
import { contactStatusUpdate } from "@/lib/support/schema";
import { contactMessageAnswer } from "@/lib/support/responses";

export const PATCH = route(
  { auth: "admin", doc: { summary: "Mark a contact message new, read or archived", response: contactMessageAnswer }, params: z.object({ id: z.uuid() }), body: contactStatusUpdate },
  async ({ params, body }) => ({ message: await setContactStatus(params.id, body.status) }),
);
