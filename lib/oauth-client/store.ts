import "server-only";
import type { OAuthClientInformationMixed, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { eq } from "drizzle-orm";
import { secretContext } from "../crypto/contexts";
import { decrypt, encrypt } from "../crypto/encryption";
import { db } from "../db";
import { serverOauth } from "../db/schema";

/**
 * A server's OAuth state at rest (server_oauth): the client registration,
 * the tokens and the PKCE verifier encrypted and bound to the server's row,
 * like header values; never returned by the API or logged.
 */

export type OAuthRow = typeof serverOauth.$inferSelect;
export type OAuthStatus = OAuthRow["status"];

export async function readOAuth(serverId: string): Promise<OAuthRow | null> {
  const [row] = await (await db()).select().from(serverOauth).where(eq(serverOauth.serverId, serverId)).limit(1);
  return row ?? null;
}

/** Creates the row when missing, then applies `set`. */
export async function writeOAuth(serverId: string, set: Partial<Omit<OAuthRow, "serverId">>): Promise<void> {
  const values = { ...set, updatedAt: new Date() };
  await (await db()).insert(serverOauth).values({ serverId, ...values }).onConflictDoUpdate({ target: serverOauth.serverId, set: values });
}

const open = <T>(serverId: string, column: "client" | "tokens" | "verifier", sealed: string | null): T | undefined =>
  sealed ? (JSON.parse(decrypt(sealed, secretContext.serverOauth(serverId, column))) as T) : undefined;

export const seal = (serverId: string, column: "client" | "tokens" | "verifier", value: unknown): string =>
  encrypt(JSON.stringify(value), secretContext.serverOauth(serverId, column));

export const clientOf = (row: OAuthRow | null) => (row ? open<OAuthClientInformationMixed>(row.serverId, "client", row.clientEnc) : undefined);
export const tokensOf = (row: OAuthRow | null) => (row ? open<OAuthTokens>(row.serverId, "tokens", row.tokensEnc) : undefined);
export const verifierOf = (row: OAuthRow | null) => (row ? open<string>(row.serverId, "verifier", row.verifierEnc) : undefined);
