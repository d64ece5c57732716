import "server-only";
import type { OAuthClientInformationMixed, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { eq } from "drizzle-orm";
import { secretContext } from "../crypto/contexts";
import { decrypt, encrypt } from "../crypto/encryption";
import { db } from "../db";
import { serverOauth, servers } from "../db/schema";
import type { Db } from "../db/database";
import { sameOrigin } from "../servers/secret-origin";

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

type OAuthChange = Partial<Omit<OAuthRow, "serverId">>;

async function upsert(d: Db, serverId: string, set: OAuthChange): Promise<void> {
  const values = { ...set, updatedAt: new Date() };
  await d.insert(serverOauth).values({ serverId, ...values }).onConflictDoUpdate({ target: serverOauth.serverId, set: values });
}

/** Creates the row when missing, then applies `set`. */
export async function writeOAuth(serverId: string, set: OAuthChange): Promise<void> {
  await upsert(await db(), serverId, set);
}

/**
 * Stores what a sign-in or a refresh obtained for the server at `url` (its
 * tokens, client, verifier, metadata) only while the server is still on that
 * URL's origin. A change to another origin drops the server's OAuth state
 * under a lock of its row (lib/servers/sign-in-origin.ts); taken here too,
 * it keeps a refresh or sign-in that was under way for the old address from
 * storing its tokens afterwards, to be sent to the new one. False when the
 * server moved (or is gone) and nothing was stored.
 */
export async function writeOAuthFor(serverId: string, url: string, set: OAuthChange): Promise<boolean> {
  return (await db()).transaction(async (tx) => {
    const [server] = await tx.select({ url: servers.url }).from(servers).where(eq(servers.id, serverId)).for("key share");
    if (!server || !sameOrigin(url, server.url)) return false;
    await upsert(tx, serverId, set);
    return true;
  });
}

const open = <T>(serverId: string, column: "client" | "tokens" | "verifier", sealed: string | null): T | undefined =>
  sealed ? (JSON.parse(decrypt(sealed, secretContext.serverOauth(serverId, column))) as T) : undefined;

export const seal = (serverId: string, column: "client" | "tokens" | "verifier", value: unknown): string =>
  encrypt(JSON.stringify(value), secretContext.serverOauth(serverId, column));

export const clientOf = (row: OAuthRow | null) => (row ? open<OAuthClientInformationMixed>(row.serverId, "client", row.clientEnc) : undefined);
export const tokensOf = (row: OAuthRow | null) => (row ? open<OAuthTokens>(row.serverId, "tokens", row.tokensEnc) : undefined);
export const verifierOf = (row: OAuthRow | null) => (row ? open<string>(row.serverId, "verifier", row.verifierEnc) : undefined);
