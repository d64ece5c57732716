import { z } from "zod";

// The answers' types, each inferred from its zod schema in ./responses.ts (type-only: no schema reaches the browser from here).
export type { SessionUser } from "./responses";

/** The session payload, `POST /api/auth/session`. */
export const sessionPayload = z.object({
  idToken: z.string().min(1, "idToken is required").max(8192),
  uid: z.string().min(1, "uid is required").max(128),
  email: z.email("email must be an email address").max(320),
  displayName: z.string().max(200).nullish(),
  photoURL: z.url().max(2048).nullish().or(z.literal("")),
});
export type SessionPayload = z.infer<typeof sessionPayload>;
