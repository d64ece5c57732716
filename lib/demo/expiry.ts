import "server-only";
import { and, like, lt } from "drizzle-orm";
import { db } from "../db";
import { users } from "../db/schema";
import { log } from "../log";
import { eraseAccount } from "../settings/account";
import { DEMO_UID_PREFIX } from "../plans/demo";

/**
 * A demo visitor's account lasts a day: housekeeping erases it then, with
 * everything in it, as the account's deletion in Settings would.
 */

export const DEMO_ACCOUNT_TTL_MS = 24 * 60 * 60 * 1000;
/** The most one housekeeping run (hourly) erases: no more may be made in an hour (lib/auth/demo.ts). */
export const DEMO_ACCOUNTS_ERASED_PER_RUN = 100;

export async function eraseExpiredDemoAccounts(now = new Date()): Promise<number> {
  const expired = await (await db())
    .select({ uid: users.uid, email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(and(like(users.uid, `${DEMO_UID_PREFIX}%`), lt(users.createdAt, new Date(now.getTime() - DEMO_ACCOUNT_TTL_MS))))
    .limit(DEMO_ACCOUNTS_ERASED_PER_RUN);
  let erased = 0;
  for (const account of expired) {
    try {
      await eraseAccount(account);
      erased++;
    } catch (err) {
      log.warn("demo account not erased", { uid: account.uid, err });
    }
  }
  return erased;
}
