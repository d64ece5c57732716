/**
 * The contact form's limits and field names, apart from the schema
 * (`schema.ts`) so that the form can show them without loading zod.
 */
export const CONTACT_LIMITS = { name: 100, email: 254, subject: 150, messageMin: 10, message: 5000 } as const;

/** The honeypot: a field people never see; only bots fill it in. */
export const HONEYPOT_FIELD = "website";
