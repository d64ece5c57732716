import "server-only";
import { and, eq } from "drizzle-orm";
import { serverOauth, servers } from "../db/schema";
import type { Tx } from "../db/transaction";

/**
 * A server's OAuth sign-in belongs to the origin it was made for, as its
 * header values do (./secret-origin.ts): when the URL moves to another
 * origin, its tokens, its client registration (a client secret the owner
 * entered included), a sign-in under way and the authorization server's
 * metadata stay behind, and the server waits for its owner to sign in again.
 * Otherwise whoever may edit a server (a session, a write token) could point
 * it at a host of theirs and receive its access token, and every refresh
 * after it, with the next check.
 */

/** The server_oauth row as it was before the move: what to revoke at the old authorization server. */
export type DroppedSignIn = typeof serverOauth.$inferSelect;

export const MOVED_REASON = "The server's URL moved to another origin, and its sign-in stayed with the old one: sign in again.";

/**
 * Drops the sign-in of a server whose URL moves to another origin, in the
 * transaction that moves it. The server's row is locked first: tokens that a
 * refresh or sign-in under way obtains for the old address are stored under
 * the same lock (lib/oauth-client/store.ts writeOAuthFor), so they are either
 * dropped here or refused there. Returns the row as it was when it held
 * anything, else null.
 */
export async function dropSignIn(tx: Tx, owner: string, serverId: string): Promise<DroppedSignIn | null> {
  await tx.select({ id: servers.id }).from(servers).where(and(eq(servers.id, serverId), eq(servers.ownerUid, owner))).for("update");
  const [row] = await tx.select().from(serverOauth).where(eq(serverOauth.serverId, serverId)).limit(1);
  if (!row || [row.clientEnc, row.tokensEnc, row.verifierEnc, row.discovery, row.stateHash].every((held) => held === null)) return null;
  await tx
    .update(serverOauth)
    .set({
      status: "authorization_required",
      reason: MOVED_REASON,
      clientEnc: null,
      tokensEnc: null,
      expiresAt: null,
      lastRefreshAt: null,
      verifierEnc: null,
      discovery: null,
      stateHash: null,
      stateUid: null,
      stateExpiresAt: null,
      refreshLeaseUntil: null,
      updatedAt: new Date(),
    })
    .where(eq(serverOauth.serverId, serverId));
  return row;
}
