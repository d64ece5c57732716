import { z } from "zod";
import { blankIsAbsent } from "../api-contract/query-params";
import { PLAN_IDS } from "../plans/table";

// The answers' types, each inferred from its zod schema in ./responses.ts (type-only: no schema reaches the browser from here).
export type { AdminUser, AdminUsersPage } from "./responses";

export const ROLES = ["user", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** A role as the admin pages name it. */
export const roleName = (role: Role) => (role === "admin" ? "Administrator" : "User");

export const ADMIN_USERS_PAGE = 50;

export const adminUsersQuery = z.object({
  q: z.preprocess(blankIsAbsent, z.string().trim().max(200).optional()),
  role: z.preprocess(blankIsAbsent, z.enum(ROLES).optional()),
  plan: z.preprocess(blankIsAbsent, z.enum(PLAN_IDS).optional()),
  cursor: z.preprocess(blankIsAbsent, z.string().max(500).optional()),
});

export const adminUserUpdate = z
  .object({
    role: z.enum(ROLES, { error: "Choose user or admin." }).optional(),
    plan: z.enum(PLAN_IDS, { error: "Choose a plan." }).optional(),
    /** Until when a paid plan lasts; null for no end. */
    expiresAt: z.iso.datetime({ offset: true, error: "Use an ISO 8601 date and time." }).nullable().optional(),
  })
  .refine((v) => v.role !== undefined || v.plan !== undefined || v.expiresAt !== undefined, { error: "Nothing to change." })
  .refine((v) => !v.expiresAt || Date.parse(v.expiresAt) > Date.now(), {
    error: "The expiry must be in the future.",
    path: ["expiresAt"],
  });
export type AdminUserUpdate = z.infer<typeof adminUserUpdate>;
