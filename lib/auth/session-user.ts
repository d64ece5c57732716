import type { UserRecord } from "../users/service";
import type { SessionUser } from "./schema";

/** The session user, as the session API and the pages hand it to the browser. */
export function toSessionUser(user: UserRecord): SessionUser {
  return {
    uid: user.uid,
    email: user.email,
    displayName: user.displayName,
    photoURL: user.photoUrl,
    emailVerified: user.emailVerified,
    role: user.role,
    subscriptionPlan: user.subscriptionPlan,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
  };
}
