import { assertSameOrigin } from "@/lib/auth/authenticate";
import { record } from "@/lib/activity/service";
import { readSession, SESSION_COOKIE, sessionCookieOptions } from "@/lib/auth/session";
import { json, route } from "@/lib/http/route";
import { findUser } from "@/lib/users/service";

// Sign-out works with any session, even an expired one: it only ends it.
export const POST = route({ auth: "none" }, async ({ req, ip }) => {
  assertSameOrigin(req);
  const session = await readSession(req.cookies.get(SESSION_COOKIE)?.value);
  const uid = session.state === "valid" ? session.data.uid : session.state === "expired" ? session.uid : null;
  if (uid && (await findUser(uid))) {
    await record({ userUid: uid, action: "auth.sign_out", summary: "Signed out", req, ip });
  }
  const res = json({ ok: true });
  res.cookies.set({ ...sessionCookieOptions(), value: "", maxAge: 0 });
  return res;
});
