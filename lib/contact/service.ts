import "server-only";
import { db } from "../db";
import { contactMessages } from "../db/schema";
import type { ContactInput } from "./schema";

/** Stores a message from the public contact form; admins read them with the support tickets. */
export async function saveContactMessage(
  input: Pick<ContactInput, "name" | "email" | "subject" | "message">,
  origin: { ip: string; userAgent: string | null; senderUid: string | null },
): Promise<{ id: string }> {
  const [row] = await (await db())
    .insert(contactMessages)
    .values({
      name: input.name,
      email: input.email,
      subject: input.subject,
      message: input.message,
      senderUid: origin.senderUid,
      ip: origin.ip,
      userAgent: origin.userAgent?.slice(0, 500) ?? null,
    })
    .returning({ id: contactMessages.id });
  return row;
}
