import { z } from "zod";
import { isoTime, nextCursor, serverRef } from "../api-contract/fields";
import { TICKET_CATEGORIES, TICKET_STATUSES } from "./schema";

/** Support's answers: one zod schema each, its type inferred from it (re-exported by ./schema.ts; see lib/servers/responses.ts). */

const ticketSummary = z.object({
  id: z.string(),
  subject: z.string(),
  category: z.enum(TICKET_CATEGORIES),
  status: z.enum(TICKET_STATUSES),
  server: serverRef.nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
  messageCount: z.number().int(),
  /** Who opened it; in the administrators' inbox only. */
  requester: z.object({ uid: z.string(), email: z.string(), displayName: z.string() }).optional().describe("In the administrators' inbox only."),
});
export type TicketSummary = z.infer<typeof ticketSummary>;

const ticketMessage = z.object({
  id: z.string(),
  /** "admin" messages are the support team's answers. */
  authorRole: z.enum(["user", "admin"]),
  authorName: z.string(),
  mine: z.boolean(),
  body: z.string(),
  createdAt: isoTime,
});
export type TicketMessage = z.infer<typeof ticketMessage>;

const ticketThread = ticketSummary.extend({ messages: z.array(ticketMessage) });
export type TicketThread = z.infer<typeof ticketThread>;

export const ticketAnswer = z.object({ ticket: ticketThread });
export const ticketList = z.object({ tickets: z.array(ticketSummary) });
/** A page of the inbox, newest activity first; `nextCursor` asks for the next, null at the end. */
export const ticketPage = z.object({ tickets: z.array(ticketSummary), nextCursor });
export type TicketPage = z.infer<typeof ticketPage>;

const contactMessage = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  status: z.string(),
  createdAt: isoTime,
});
export type ContactMessageItem = z.infer<typeof contactMessage>;

export const contactPage = z.object({ messages: z.array(contactMessage), nextCursor });
export type ContactPage = z.infer<typeof contactPage>;
export const contactMessageAnswer = z.object({ message: contactMessage });
