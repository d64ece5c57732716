import { z, type ZodType } from "zod";
import { isoTime } from "../api/fields";
import type { SessionUser } from "./schema";

/** The session's answer as a zod schema, for the API reference (see lib/servers/responses.ts). */
export const sessionAnswer = z.object({
  user: z.object({
    uid: z.string(),
    email: z.string(),
    displayName: z.string(),
    photoURL: z.string().nullable(),
    emailVerified: z.boolean(),
    role: z.enum(["user", "admin"]),
    subscriptionPlan: z.string(),
    lastLoginAt: isoTime.nullable(),
  }) satisfies ZodType<SessionUser>,
});
