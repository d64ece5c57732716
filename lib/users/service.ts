import "server-only";
import { eq } from "drizzle-orm";
import { db } from "../db";
import { users } from "../db/schema";
import type { SelectedRow } from "../db/selection";
import { env } from "../env";
import { forgetUser } from "./cache";

/** What the server knows of the signed-in user; never a whole row. */
export const userColumns = {
  uid: users.uid,
  email: users.email,
  displayName: users.displayName,
  photoUrl: users.photoUrl,
  emailVerified: users.emailVerified,
  role: users.role,
  subscriptionPlan: users.subscriptionPlan,
  subscriptionExpiresAt: users.subscriptionExpiresAt,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
};

export type UserRecord = SelectedRow<typeof userColumns>;

export async function findUser(uid: string): Promise<UserRecord | null> {
  const rows = await (await db()).select(userColumns).from(users).where(eq(users.uid, uid)).limit(1);
  return rows[0] ?? null;
}

/** The display name's fallback: the part of the email before the @, else "User". */
export function fallbackDisplayName(displayName: string | null | undefined, email: string | null | undefined) {
  const given = displayName?.trim();
  if (given) return given;
  const local = email?.split("@")[0]?.trim();
  return local || "User";
}

export interface SignInProfile {
  uid: string;
  email: string;
  displayName?: string | null;
  photoURL?: string | null;
  emailVerified: boolean;
}

/**
 * Creates or refreshes the user at sign-in. A verified email listed in
 * ADMIN_EMAILS makes the user an admin; the role is never lowered here, so an
 * admin promoted by another admin stays one.
 */
export async function upsertOnSignIn(profile: SignInProfile, now = new Date()): Promise<UserRecord & { sessionVersion: number }> {
  const isAdmin = profile.emailVerified && env().adminEmails.includes(profile.email.toLowerCase());
  const displayName = fallbackDisplayName(profile.displayName, profile.email);
  const values = {
    uid: profile.uid,
    email: profile.email,
    displayName,
    photoUrl: profile.photoURL ?? null,
    emailVerified: profile.emailVerified,
    lastLoginAt: now,
    // The session route has just asked the identity provider (verifyIdToken with checkRevoked).
    identityCheckedAt: now,
    updatedAt: now,
    ...(isAdmin ? { role: "admin" as const } : {}),
  };
  const [row] = await (await db())
    .insert(users)
    .values(values)
    .onConflictDoUpdate({ target: users.uid, set: values })
    .returning({ ...userColumns, sessionVersion: users.sessionVersion });
  await forgetUser(profile.uid);
  return row;
}
