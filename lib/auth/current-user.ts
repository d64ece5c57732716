import "server-only";
import { cookies } from "next/headers";
import { cache } from "react";
import type { UserRecord } from "../users/service";
import { sessionUser } from "./revocation";
import { readSession, SESSION_COOKIE } from "./session";

/** The signed-in user of the page being rendered, or null; one lookup per request. */
export const currentUser = cache(async (): Promise<UserRecord | null> => {
  const jar = await cookies();
  const session = await readSession(jar.get(SESSION_COOKIE)?.value);
  if (session.state !== "valid") return null;
  return sessionUser(session.data);
});
