import "server-only";
import { eq } from "drizzle-orm";
import { adminAuth } from "../auth/firebase-admin";
import { forgetUser } from "../users/cache";
import { db } from "../db";
import { users } from "../db/schema";
import { badRequest, HttpError } from "../http/errors";
import { closePooledConnections } from "../upstream/pool";
import { RECENT_SIGN_IN_MS } from "../auth/revocation";
import { ownedRows, schemaTables } from "./user-data";

/**
 * Deletes the account, once its owner signed in recently and typed their
 * address: if the provider refuses, nothing is deleted and the user can try
 * again. Rows in other people's tables stay (an administrator's answer keeps
 * its text, without its author).
 */
export async function deleteAccount(user: { uid: string; email: string; emailVerified: boolean; authAt?: number }, confirmation: string) {
  if (!user.authAt || Date.now() - user.authAt > RECENT_SIGN_IN_MS) {
    throw new HttpError("recent_sign_in_required", "To delete your account, sign in again first: your last sign-in is more than 5 minutes old.");
  }
  if (confirmation.trim().toLowerCase() !== user.email.toLowerCase()) {
    throw badRequest("Some fields are not valid.", [{ path: "confirm", message: "Type your email address exactly to confirm." }]);
  }
  await eraseAccount(user);
}

/**
 * Every row of the user in every table, then the identity-provider account,
 * in one transaction — if the provider refuses, nothing is deleted. The
 * account's deletion in Settings, and housekeeping's of expired demo
 * visitors (lib/demo/expiry.ts).
 */
export async function eraseAccount(user: { uid: string; email: string; emailVerified: boolean }) {
  await (await db()).transaction(async (tx) => {
    // The cascades from users would remove most of this too; an explicit
    // delete per table also covers rows no foreign key leads to.
    for (const { table } of schemaTables()) {
      const where = table === users ? null : ownedRows(table, user, { authored: false });
      if (where) await tx.delete(table).where(where);
    }
    await tx.delete(users).where(eq(users.uid, user.uid));
    try {
      await adminAuth().deleteUser(user.uid);
    } catch (err) {
      if ((err as { code?: string }).code !== "auth/user-not-found") throw err;
    }
  });
  await forgetUser(user.uid);
  await closePooledConnections(user.uid);
}
