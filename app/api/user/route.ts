import { sessionCookieOptions } from "@/lib/auth/session";
import { json, route } from "@/lib/route/handler";
import { deleteAccount } from "@/lib/settings/account";
import { deleteAccountBody } from "@/lib/settings/schema";
import { z } from "zod";

const deletedResponse = z.object({ deleted: z.literal(true) });

/** Deletes the account and everything in it, then ends the session. */
export const DELETE = route({ auth: "user", tokens: false, doc: { summary: "Delete the account and all its data", response: deletedResponse }, body: deleteAccountBody }, async ({ user, body, log }) => {
  await deleteAccount(user, body.confirm);
  log.info("account deleted");
  const res = json({ deleted: true });
  res.cookies.set({ ...sessionCookieOptions(), value: "", maxAge: 0 });
  return res;
});
