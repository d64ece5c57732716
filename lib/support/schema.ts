import { z } from "zod";

/** The support slice's shapes, shared by the forms and the API handlers. */

// The answers' types, each inferred from its zod schema in ./responses.ts (type-only: no schema reaches the browser from here).
export type { ContactMessageItem, ContactPage, TicketMessage, TicketPage, TicketSummary, TicketThread } from "./responses";

export const TICKET_CATEGORIES = ["question", "bug", "billing", "feature", "security", "other"] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];
export const TICKET_STATUSES = ["open", "answered", "closed"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const CONTACT_STATUSES = ["new", "read", "archived"] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const CATEGORY_LABELS: Record<TicketCategory, string> = {
  question: "Question",
  bug: "Something is broken",
  billing: "Plan and billing",
  feature: "Feature request",
  security: "Security",
  other: "Other",
};

export const STATUS_LABELS: Record<TicketStatus, string> = { open: "Open", answered: "Answered", closed: "Closed" };

export const SUBJECT_MAX = 150;
export const MESSAGE_MAX = 5000;

const message = z
  .string()
  .trim()
  .min(1, "Write a message.")
  .max(MESSAGE_MAX, `Messages are at most ${MESSAGE_MAX} characters.`);

export const ticketCreate = z.object({
  subject: z.string().trim().min(3, "Write a subject of at least 3 characters.").max(SUBJECT_MAX, `Subjects are at most ${SUBJECT_MAX} characters.`),
  category: z.enum(TICKET_CATEGORIES, { error: "Choose a category." }),
  message,
  serverId: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.uuid("Choose one of your servers.").optional()),
});
export type TicketCreate = z.infer<typeof ticketCreate>;

export const messageCreate = z.object({ body: message });

export const ticketStatusUpdate = z.object({ status: z.enum(TICKET_STATUSES, { error: "Unknown status." }) });

export const contactStatusUpdate = z.object({ status: z.enum(CONTACT_STATUSES, { error: "Unknown status." }) });

/** The administrators' inbox lists: a status to show, and where the previous page ended. */
export const ticketInboxQuery = z.object({ status: z.enum(TICKET_STATUSES).optional(), cursor: z.string().max(200).optional() });
export const contactInboxQuery = z.object({ status: z.enum(CONTACT_STATUSES).optional(), cursor: z.string().max(200).optional() });
