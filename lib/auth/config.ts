import { z } from "zod";

/** The identity provider's config, `GET /api/config` → `{ firebase }`. */
export const firebaseConfigSchema = z.object({
  apiKey: z
    .string({ message: "apiKey is required: authentication is unavailable without it" })
    .min(1, "apiKey is required: authentication is unavailable without it")
    .refine((k) => !k.includes(":"), "apiKey must not contain a colon"),
  authDomain: z.string().min(1),
  projectId: z.string().min(1),
  messagingSenderId: z.string(),
  appId: z.string(),
});
export type FirebaseConfig = z.infer<typeof firebaseConfigSchema>;

export const publicConfigSchema = z.object({
  firebase: firebaseConfigSchema,
  /** Local mode only: where the browser finds the Auth Emulator. */
  authEmulatorUrl: z.url().optional(),
  /** Present when visitors may start a demo account without signing up (DEMO_ACCOUNTS). */
  demoAccounts: z.literal(true).optional(),
  /** Optional: a URL that receives the ID token as a bearer. */
  syncUrl: z.url().optional(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
