import { z } from "zod";

// The answers' types, each inferred from its zod schema in ./responses.ts (type-only: no schema reaches the browser from here).
export type { SettingsResponse, UserSettings } from "./responses";

export const DISPLAY_NAME_MAX = 80;

/**
 * A webhook endpoint. Deliveries carry a signature but travel in the clear
 * over http, so a real deployment accepts https only; local mode also takes
 * http for a receiver on the developer's machine.
 */
export function webhookUrl(allowHttp: boolean) {
  return z
    .string()
    .trim()
    .max(2048, "The URL is too long.")
    .refine((s) => {
      try {
        const { protocol } = new URL(s);
        return protocol === "https:" || (allowHttp && protocol === "http:");
      } catch {
        return false;
      }
    }, allowHttp ? "Enter an https:// (or, locally, http://) URL." : "Enter an https:// URL.");
}

export const settingsUpdate = z
  .object({
    displayName: z.string().trim().min(1, "Enter a display name.").max(DISPLAY_NAME_MAX, `Use at most ${DISPLAY_NAME_MAX} characters.`).optional(),
    emailAlerts: z.boolean().optional(),
    /** null removes the webhook (and its secret). The scheme is checked again by the server's policy. */
    webhookUrl: webhookUrl(true).nullable().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: "Nothing to change." });
export type SettingsUpdate = z.infer<typeof settingsUpdate>;

export const deleteAccountBody = z.object({
  /** The account's email, typed by the user, as the confirmation. */
  confirm: z.string().trim().min(1, "Type your email address to confirm."),
});
