import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { db } from "../db";
import { exactTime, keysetPage, olderThan, parseCursor } from "../db/time-cursor";
import { contactMessages } from "../db/schema";
import { notFound } from "../http/errors";
import type { ContactMessageItem, ContactPage, ContactStatus } from "./schema";

const columns = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  subject: contactMessages.subject,
  message: contactMessages.message,
  status: contactMessages.status,
  createdAt: contactMessages.createdAt,
};

/** Listed a page at a time. */
export const CONTACT_PAGE = 50;

const toItem = (r: { createdAt: Date } & Omit<ContactMessageItem, "createdAt">): ContactMessageItem => ({
  id: r.id,
  name: r.name,
  email: r.email,
  subject: r.subject,
  message: r.message,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
});

/** Messages from the public contact form, newest first, a page at a time (administrators only). */
export async function listContactMessages(filter: { status?: ContactStatus; cursor?: string }): Promise<ContactPage> {
  const after = parseCursor(filter.cursor);
  const rows = await (await db())
    .select({ ...columns, createdAtExact: exactTime(contactMessages.createdAt) })
    .from(contactMessages)
    .where(
      and(
        filter.status ? eq(contactMessages.status, filter.status) : undefined,
        after ? olderThan(contactMessages.createdAt, contactMessages.id, after) : undefined,
      ),
    )
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(CONTACT_PAGE + 1);
  const { shown, nextCursor } = keysetPage(rows, CONTACT_PAGE, (r) => r.createdAtExact);
  return { messages: shown.map(toItem), nextCursor };
}

export async function setContactStatus(id: string, status: ContactStatus): Promise<ContactMessageItem> {
  const [row] = await (await db()).update(contactMessages).set({ status }).where(eq(contactMessages.id, id)).returning(columns);
  if (!row) throw notFound("This message does not exist.");
  return toItem(row);
}
