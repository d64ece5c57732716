import "server-only";
import { eq } from "drizzle-orm";
import { db } from "../db";
import { users } from "../db/schema";
import { env } from "../env";
import type { Logger } from "../log";
import { sendInBackground } from "../mail/service";
import { CATEGORY_LABELS, type TicketCategory } from "./schema";

/** Everyone who answers tickets: admin accounts and the operator's ADMIN_EMAILS. */
async function adminRecipients(): Promise<string[]> {
  const rows = await (await db()).select({ email: users.email }).from(users).where(eq(users.role, "admin"));
  return [...new Set([...rows.map((r) => r.email.toLowerCase()), ...env().adminEmails])];
}

const quote = (text: string) =>
  text
    .split("\n")
    .map((l) => `> ${l}`)
    .join("\n");

export async function notifyNewTicket(
  ticket: { id: string; subject: string; category: TicketCategory; serverName: string | null },
  requester: { email: string; displayName: string },
  message: string,
  log: Logger,
): Promise<void> {
  const to = await adminRecipients();
  if (to.length === 0) return;
  await sendInBackground(
    {
      to,
      subject: `[MCP Console] New ticket: ${ticket.subject}`,
      text: [
        `${requester.displayName} <${requester.email}> opened a support ticket.`,
        "",
        `Category: ${CATEGORY_LABELS[ticket.category]}`,
        ...(ticket.serverName ? [`Server: ${ticket.serverName}`] : []),
        "",
        quote(message),
        "",
        `Answer it: ${env().appUrl}/admin/support?ticket=${ticket.id}`,
      ].join("\n"),
    },
    log,
  );
}

export async function notifyAnswer(
  ticket: { id: string; subject: string },
  ownerEmail: string,
  answer: string,
  log: Logger,
): Promise<void> {
  await sendInBackground(
    {
      to: ownerEmail,
      subject: `[MCP Console] New answer: ${ticket.subject}`,
      text: [
        "The MCP Console team answered your support ticket:",
        "",
        quote(answer),
        "",
        `Read the conversation and reply: ${env().appUrl}/support?ticket=${ticket.id}`,
      ].join("\n"),
    },
    log,
  );
}
