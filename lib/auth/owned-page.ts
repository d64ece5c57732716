import "server-only";
import { notFound } from "next/navigation";
import { isUuid } from "../guards";
import { HttpError } from "../http/errors";
import type { UserRecord } from "../users/service";
import { currentUser } from "./current-user";

/**
 * For the page of one thing the signed-in user owns (a server, a gateway):
 * the user and the thing `read` answers for the id, or the not-found page.
 * Ids are UUIDs, so anything else cannot exist and is not looked up; another
 * user's thing, or one deleted since, is not found either, so nothing leaks.
 * No loading boundary lies above these pages (the console's pages arrive with
 * their data), so nothing has streamed yet and the answer is a real 404.
 */
export async function ownedOrNotFound<T>(id: string, read: (uid: string, id: string) => Promise<T>): Promise<{ user: UserRecord; owned: T }> {
  if (!isUuid(id)) notFound();
  const user = await currentUser();
  if (!user) notFound();
  try {
    return { user, owned: await read(user.uid, id) };
  } catch (err) {
    if (err instanceof HttpError && err.status === 404) notFound();
    throw err;
  }
}
