import { z } from "zod";
import { CONTACT_LIMITS, HONEYPOT_FIELD } from "./fields";

/** The contact form's one schema: the form checks it as you submit, the API again on arrival. */
export const contactSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: "Enter your name." })
    .max(CONTACT_LIMITS.name, { error: `Use at most ${CONTACT_LIMITS.name} characters.` }),
  email: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.email, { error: "This email address is too long." })
    .pipe(z.email({ error: "Enter a valid email address, like name@example.com." })),
  subject: z
    .string()
    .trim()
    .min(3, { error: "Enter a subject of at least 3 characters." })
    .max(CONTACT_LIMITS.subject, { error: `Use at most ${CONTACT_LIMITS.subject} characters.` }),
  message: z
    .string()
    .trim()
    .min(CONTACT_LIMITS.messageMin, { error: `Write at least ${CONTACT_LIMITS.messageMin} characters.` })
    .max(CONTACT_LIMITS.message, { error: `Use at most ${CONTACT_LIMITS.message.toLocaleString("en-US")} characters.` }),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
});

export type ContactInput = z.infer<typeof contactSchema>;
