import { assertSameOrigin } from "@/lib/auth/authenticate";
import { recordSignIn } from "@/lib/activity/sign-in";
import { adminAuth } from "@/lib/auth/firebase-admin";
import { sessionPayload, type SessionUser } from "@/lib/auth/schema";
import { sealSession, sessionCookieOptions } from "@/lib/auth/session";
import { badRequest, unauthenticated } from "@/lib/http/errors";
import { json, route } from "@/lib/route/handler";
import { addressKey } from "@/lib/http/client-address";
import { enforce } from "@/lib/rate-limit/service";
import { toSessionUser } from "@/lib/auth/session-user";
import { upsertOnSignIn } from "@/lib/users/service";
import { signInMethodLabel } from "@/lib/auth/sign-in-methods";
import { sessionAnswer } from "@/lib/auth/responses";

/** Sign-ins per address (an IPv6 client's /64) per minute: generous for people, tight for credential stuffing. */
const SIGN_INS_PER_MINUTE = 20;

export const POST = route({ auth: "none", doc: { summary: "Exchange a Firebase ID token for the session cookie", response: sessionAnswer }, body: sessionPayload }, async ({ body, req, ip }) => {
  assertSameOrigin(req);
  await enforce(`session:${addressKey(ip)}`, SIGN_INS_PER_MINUTE, 60, "Too many sign-in attempts. Wait a minute and try again.");

  let decoded;
  try {
    // checkRevoked: a token of a disabled account, or minted before its sessions were revoked, opens none.
    decoded = await adminAuth().verifyIdToken(body.idToken, true);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === "auth/user-disabled") throw unauthenticated("This account has been disabled.");
    if (code === "auth/id-token-revoked") throw unauthenticated("This sign-in was revoked. Sign in again.");
    throw unauthenticated("The ID token is not valid for this project. Sign in again.");
  }
  if (decoded.uid !== body.uid) throw unauthenticated("The ID token belongs to another user.");
  // The token's email is authoritative; the body's is only a consistency check.
  const email = decoded.email;
  if (!email) throw badRequest("This account has no email address.");
  if (email.toLowerCase() !== body.email.toLowerCase()) throw unauthenticated("The email does not match the ID token.");

  const user = await upsertOnSignIn({
    uid: decoded.uid,
    email,
    displayName: body.displayName,
    photoURL: body.photoURL || null,
    emailVerified: decoded.email_verified === true,
  });
  await recordSignIn({
    userUid: user.uid,
    authTime: decoded.auth_time,
    summary: `Signed in with ${signInMethodLabel(decoded.firebase?.sign_in_provider)}`,
    metadata: { provider: decoded.firebase?.sign_in_provider },
    req,
    ip,
  });

  const session = await sealSession(user, decoded.auth_time * 1000);
  const payload: { user: SessionUser } = { user: toSessionUser(user) };
  const res = json(payload);
  res.cookies.set({ ...sessionCookieOptions(), value: session.value });
  return res;
});
