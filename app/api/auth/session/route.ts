import { assertSameOrigin } from "@/lib/auth/authenticate";
import { record } from "@/lib/activity/service";
import { adminAuth } from "@/lib/auth/firebase-admin";
import { sessionPayload, type SessionUser } from "@/lib/auth/schema";
import { sealSession, sessionCookieOptions } from "@/lib/auth/session";
import { badRequest, unauthenticated } from "@/lib/http/errors";
import { json, route } from "@/lib/http/route";
import { enforce } from "@/lib/rate-limit/service";
import { toSessionUser, upsertOnSignIn } from "@/lib/users/service";

/** Sign-ins per IP per minute: generous for people, tight for credential stuffing. */
const SIGN_INS_PER_MINUTE = 20;

export const POST = route({ auth: "none", body: sessionPayload }, async ({ body, req, ip }) => {
  assertSameOrigin(req);
  await enforce(`session:${ip}`, SIGN_INS_PER_MINUTE, 60, "Too many sign-in attempts. Wait a minute and try again.");

  let decoded;
  try {
    decoded = await adminAuth().verifyIdToken(body.idToken);
  } catch {
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
  await record({
    userUid: user.uid,
    action: "auth.sign_in",
    summary: `Signed in with ${decoded.firebase?.sign_in_provider ?? "a provider"}`,
    metadata: { provider: decoded.firebase?.sign_in_provider },
    req,
    ip,
  });

  const session = await sealSession(user.uid);
  const payload: { user: SessionUser } = { user: toSessionUser(user) };
  const res = json(payload);
  res.cookies.set({ ...sessionCookieOptions(), value: session.value });
  return res;
});
