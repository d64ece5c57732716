import { z } from "zod";

/** Personal API tokens: the shapes shared by the settings form and the API. */

// The answers' types, each inferred from its zod schema in ./responses.ts (type-only: no schema reaches the browser from here).
export type { TokenCreated, TokenDto, TokenListResponse } from "./responses";

/** Every token starts with this, so secret scanners (and people) recognise a leaked one. */
export const TOKEN_PREFIX = "mcpc_";

export const TOKEN_SCOPES = ["read", "write", "gateway"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

export const SCOPE_LABELS: Record<TokenScope, string> = {
  read: "Read",
  write: "Read and write",
  gateway: "Gateways",
};

export const MAX_TOKENS = 20;
export const TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;

export const tokenCreate = z.object({
  name: z.string().trim().min(1, "Enter a name.").max(60, "Names are at most 60 characters."),
  scope: z.enum(TOKEN_SCOPES, { error: "Choose read, read and write, or gateways." }),
  /** A `gateway` token limited to this one gateway of the user; absent: it opens all of them. */
  gatewayId: z.string().trim().min(1).nullish(),
  /** Days until it expires; absent or null: it never expires. */
  expiresInDays: z
    .number()
    .int()
    .min(1, "A token lasts at least a day.")
    .max(365, "A token lasts at most a year.")
    .nullish(),
}).refine((t) => !t.gatewayId || t.scope === "gateway", { path: ["gatewayId"], message: "Only a gateway token is limited to one gateway." });
export type TokenCreate = z.infer<typeof tokenCreate>;
