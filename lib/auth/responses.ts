import { z } from "zod";
import { isoTime } from "../api-contract/fields";

/** The session's answer: one zod schema and its type (re-exported by ./schema.ts; see lib/servers/responses.ts). */
const sessionUser = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string(),
  photoURL: z.string().nullable(),
  emailVerified: z.boolean(),
  role: z.enum(["user", "admin"]),
  subscriptionPlan: z.string(),
  lastLoginAt: isoTime.nullable(),
});
/** The session response's user: with lastLoginAt, role, subscriptionPlan. */
export type SessionUser = z.infer<typeof sessionUser>;

export const sessionAnswer = z.object({ user: sessionUser });
