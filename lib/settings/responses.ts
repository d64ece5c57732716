import { z, type ZodType } from "zod";
import { isoTime } from "../api/fields";
import { FEATURES, PLAN_IDS, type Subscription } from "../plans/table";
import type { SettingsResponse } from "./schema";

/** The settings' answers as zod schemas, for the API reference (see lib/servers/responses.ts). */

const features = z.object(Object.fromEntries(FEATURES.map((f) => [f, z.boolean()])) as Record<(typeof FEATURES)[number], z.ZodBoolean>);
const usage = z.object({ used: z.number().int(), limit: z.number().int() });

export const settingsResponse = z.object({
  profile: z.object({ uid: z.string(), email: z.string(), displayName: z.string(), photoUrl: z.string().nullable(), emailVerified: z.boolean() }),
  notifications: z.object({
    emailAlerts: z.boolean(),
    webhookUrl: z.string().nullable(),
    webhookSecretSet: z.boolean(),
    webhookHttpAllowed: z.boolean(),
    mailEnabled: z.boolean(),
  }),
  plan: z.object({ tier: z.enum(PLAN_IDS), label: z.string(), active: z.boolean(), expiresAt: isoTime.nullable(), features }),
  usage: z.object({ servers: usage, workbenchCallsToday: usage.extend({ resetsAt: isoTime }), gatewayCallsToday: usage.extend({ resetsAt: isoTime }) }),
  webhookSecret: z.string().optional().describe("Only in the answer that created or rotated it: shown once."),
}) satisfies ZodType<SettingsResponse>;

export const subscription = z.object({
  tier: z.enum(PLAN_IDS),
  active: z.boolean(),
  expiresAt: isoTime.nullable(),
  features,
}) satisfies ZodType<Subscription>;
