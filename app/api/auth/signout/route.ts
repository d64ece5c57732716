import { assertSameOrigin } from "@/lib/auth/authenticate";
import { record } from "@/lib/activity/service";
import { revokeSessions } from "@/lib/auth/revocation";
import { readSession, SESSION_COOKIE, sessionCookieOptions } from "@/lib/auth/session";
import { json, route } from "@/lib/route/handler";
import { findUser } from "@/lib/users/service";
import { z } from "zod";

const okResponse = z.object({ ok: z.literal(true) });

/**
 * Sign-out works with any session, even an expired one: it only ends it.
 * The user's session version is bumped, so a copy of the cookie (another
 * tab's, or a stolen one) stops working too.
 */
export const POST = route({ auth: "none", doc: { summary: "End the session", response: okResponse } }, async ({ req, ip }) => {
  assertSameOrigin(req);
  const session = await readSession(req.cookies.get(SESSION_COOKIE)?.value);
  const sealed = session.state === "valid" ? session.data : session.state === "expired" ? session : null;
  if (sealed && (await findUser(sealed.uid))) {
    await revokeSessions(sealed.uid, sealed.version);
    await record({ userUid: sealed.uid, action: "auth.sign_out", summary: "Signed out", req, ip });
  }
  const res = json({ ok: true });
  res.cookies.set({ ...sessionCookieOptions(), value: "", maxAge: 0 });
  return res;
});
