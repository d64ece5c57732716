import { z } from "zod";
import { isoTime, nextCursor } from "../api-contract/fields";
import { PLAN_IDS } from "../plans/table";
import { ROLES } from "./schema";

/** The administrators' answers: one zod schema each, its type inferred from it (re-exported by ./schema.ts; see lib/servers/responses.ts). */

export const adminUser = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string(),
  emailVerified: z.boolean(),
  role: z.enum(ROLES),
  plan: z.enum(PLAN_IDS),
  expiresAt: isoTime.nullable(),
  effectivePlan: z.enum(PLAN_IDS).describe("The plan in force: a paid plan past its expiry is the free tier."),
  lastLoginAt: isoTime.nullable(),
  createdAt: isoTime,
  serverCount: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const adminUsersPage = z.object({ users: z.array(adminUser), nextCursor });
export type AdminUsersPage = z.infer<typeof adminUsersPage>;
