import { z } from "zod";
import { isoTime } from "../api-contract/fields";
import { featureFlags, PLAN_IDS } from "../plans/table";

/** The settings' answers: one zod schema each, its type inferred from it (re-exported by ./schema.ts; see lib/servers/responses.ts). */

const usage = z.object({ used: z.number().int(), limit: z.number().int() });

export const userSettings = z.object({
  profile: z.object({ uid: z.string(), email: z.string(), displayName: z.string(), photoUrl: z.string().nullable(), emailVerified: z.boolean() }),
  notifications: z.object({
    emailAlerts: z.boolean(),
    webhookUrl: z.string().nullable(),
    /** The secret itself is shown once, when generated; afterwards only whether one exists. */
    webhookSecretSet: z.boolean(),
    webhookHttpAllowed: z.boolean(),
    /** Whether this installation sends mail at all. */
    mailEnabled: z.boolean(),
  }),
  plan: z.object({ tier: z.enum(PLAN_IDS), label: z.string(), active: z.boolean(), expiresAt: isoTime.nullable(), features: featureFlags }),
  usage: z.object({
    servers: usage,
    workbenchCallsToday: usage.extend({ resetsAt: isoTime }),
    /** The account's gateway calls of the day, all its gateways, as the daily limit counts them (lib/gateways/endpoint/limits.ts). */
    gatewayCallsToday: usage.extend({ resetsAt: isoTime }),
  }),
});
export type UserSettings = z.infer<typeof userSettings>;

/** PATCH and rotate answers: the settings, plus a newly generated secret exactly once. */
export const settingsResponse = userSettings.extend({
  webhookSecret: z.string().optional().describe("Only in the answer that created or rotated it: shown once."),
});
export type SettingsResponse = z.infer<typeof settingsResponse>;
