import "server-only";
import { desc, eq } from "drizzle-orm";
import { db } from "../db";
import { contactMessages } from "../db/schema";
import { notFound } from "../http/errors";
import type { ContactMessageItem, ContactStatus } from "./schema";

const columns = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  subject: contactMessages.subject,
  message: contactMessages.message,
  status: contactMessages.status,
  createdAt: contactMessages.createdAt,
};

const LIST_LIMIT = 200;

const toItem = (r: { createdAt: Date } & Omit<ContactMessageItem, "createdAt">): ContactMessageItem => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
});

/** Messages from the public contact form, newest first (administrators only). */
export async function listContactMessages(status?: ContactStatus): Promise<ContactMessageItem[]> {
  const rows = await (await db())
    .select(columns)
    .from(contactMessages)
    .where(status ? eq(contactMessages.status, status) : undefined)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(LIST_LIMIT);
  return rows.map(toItem);
}

export async function setContactStatus(id: string, status: ContactStatus): Promise<ContactMessageItem> {
  const [row] = await (await db()).update(contactMessages).set({ status }).where(eq(contactMessages.id, id)).returning(columns);
  if (!row) throw notFound("This message does not exist.");
  return toItem(row);
}
