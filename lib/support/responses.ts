import { z, type ZodType } from "zod";
import { isoTime, nextCursor, serverRef } from "../api/fields";
import { TICKET_CATEGORIES, TICKET_STATUSES, type ContactMessageItem, type ContactPage, type TicketPage, type TicketSummary, type TicketThread } from "./schema";

/** Support's answers as zod schemas, for the API reference (see lib/servers/responses.ts). */

const ticketSummary = z.object({
  id: z.string(),
  subject: z.string(),
  category: z.enum(TICKET_CATEGORIES),
  status: z.enum(TICKET_STATUSES),
  server: serverRef.nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
  messageCount: z.number().int(),
  requester: z.object({ uid: z.string(), email: z.string(), displayName: z.string() }).optional().describe("In the administrators' inbox only."),
}) satisfies ZodType<TicketSummary>;

const ticketThread = ticketSummary.extend({
  messages: z.array(
    z.object({
      id: z.string(),
      authorRole: z.enum(["user", "admin"]),
      authorName: z.string(),
      mine: z.boolean(),
      body: z.string(),
      createdAt: isoTime,
    }),
  ),
}) satisfies ZodType<TicketThread>;

export const ticketAnswer = z.object({ ticket: ticketThread });
export const ticketList = z.object({ tickets: z.array(ticketSummary) });
export const ticketPage = z.object({ tickets: z.array(ticketSummary), nextCursor }) satisfies ZodType<TicketPage>;

const contactMessage = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  status: z.string(),
  createdAt: isoTime,
}) satisfies ZodType<ContactMessageItem>;

export const contactPage = z.object({ messages: z.array(contactMessage), nextCursor }) satisfies ZodType<ContactPage>;
export const contactMessageAnswer = z.object({ message: contactMessage });
