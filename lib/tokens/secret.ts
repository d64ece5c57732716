import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { TOKEN_PREFIX } from "./schema";

/** A new token: the prefix and 32 random bytes (256 bits) in base64url. */
export function newToken(): string {
  return `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
}

/** What is stored and looked up: a plain SHA-256, enough for a 256-bit random secret. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The part of a token shown in lists: its prefix and first four random characters. */
export const displayPrefixOf = (token: string) => token.slice(0, TOKEN_PREFIX.length + 4);

/** Whether a bearer credential is one of our tokens rather than an identity-provider ID token. */
export const isApiToken = (credential: string) => credential.startsWith(TOKEN_PREFIX);
