import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { db } from "../db";
import { activityEvents, users } from "../db/schema";
import { activityRow, type ActivityEvent } from "./service";

/**
 * Records "Signed in" once per sign-in. The session exchange runs more often
 * than people sign in: the SDK's auth-state callback and the sign-in form
 * both sync, a 401 refreshes the token and syncs again, and a reload after
 * the cookie expired syncs the persisted identity. All of these carry the
 * same Firebase `auth_time` (seconds), which only a real sign-in changes, so
 * an event already recorded for that auth_time is not recorded again. The
 * user's row is locked for the check, so two exchanges at once record one.
 */
export async function recordSignIn(event: Omit<ActivityEvent, "action"> & { authTime: number }): Promise<void> {
  const { authTime, ...rest } = event;
  await (await db()).transaction(async (tx) => {
    await tx.select({ uid: users.uid }).from(users).where(eq(users.uid, event.userUid)).for("update");
    const [seen] = await tx
      .select({ id: activityEvents.id })
      .from(activityEvents)
      .where(and(eq(activityEvents.userUid, event.userUid), eq(activityEvents.action, "auth.sign_in"), sql`(${activityEvents.metadata}->>'authTime')::bigint = ${authTime}`))
      .limit(1);
    if (seen) return;
    await tx.insert(activityEvents).values(activityRow({ ...rest, action: "auth.sign_in", metadata: { ...rest.metadata, authTime } }));
  });
}
