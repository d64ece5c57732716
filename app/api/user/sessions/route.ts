import { record } from "@/lib/activity/service";
import { revokeIdTokens, revokeSessions } from "@/lib/auth/revocation";
import { sessionCookieOptions } from "@/lib/auth/session";
import { z } from "zod";
import { json, route } from "@/lib/route/handler";

/**
 * Signs out everywhere: every session cookie of the user stops working, and
 * the identity provider revokes the refresh tokens of every device, so none
 * of them can quietly open a new session with a fresh ID token, and the ID
 * tokens already issued stop working as bearer tokens.
 */
const okResponse = z.object({ ok: z.literal(true) });

export const DELETE = route({ auth: "user", doc: { summary: "Sign out on every device", response: okResponse } }, async ({ user, req, ip }) => {
  await revokeIdTokens(user.uid);
  await revokeSessions(user.uid);
  await record({ userUid: user.uid, action: "auth.signed_out_everywhere", summary: "Signed out on every device", req, ip });
  const res = json({ ok: true });
  res.cookies.set({ ...sessionCookieOptions(), value: "", maxAge: 0 });
  return res;
});
