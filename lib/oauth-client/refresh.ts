import "server-only";
import { refreshAuthorization, type OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";
import type { OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { db } from "../db";
import { serverOauth } from "../db/schema";
import { log } from "../log";
import { announceServerChanged } from "../servers/changes";
import { oauthFetch } from "./fetch";
import { issuerProblem } from "./issuer";
import { clientOf, readOAuth, seal, tokensOf, writeOAuth, writeOAuthFor } from "./store";

/**
 * A server's access token, refreshed before it expires. Across instances
 * one refresh runs at a time for a server: the instance that takes the row's
 * lease refreshes, the others wait for the tokens it saves. Reading the row
 * again under the lease keeps a refresh token that another instance just
 * rotated from being spent twice (an authorization server that rotates
 * refresh tokens refuses the old one).
 */

/** Refreshed this long before it expires. */
const EARLY_MS = 60_000;
const LEASE_MS = 30_000;
const WAIT_MS = 10_000;
const POLL_MS = 200;

/** Stores the tokens obtained for the server at `url`; false when the server has moved to another origin meanwhile (they are not stored). */
export async function saveTokens(serverId: string, url: string, tokens: OAuthTokens, refreshed = false): Promise<boolean> {
  const now = new Date();
  return writeOAuthFor(serverId, url, {
    tokensEnc: seal(serverId, "tokens", tokens),
    expiresAt: tokens.expires_in ? new Date(now.getTime() + tokens.expires_in * 1000) : null,
    ...(refreshed ? { lastRefreshAt: now } : {}),
    status: "authorized",
    reason: null,
  });
}

/** The tokens no longer open the server and a person must sign in again: said on the server and to whoever checks it. */
export async function markReauthorization(serverId: string, reason: string): Promise<void> {
  await writeOAuth(serverId, { status: "reauthorization_required", reason, tokensEnc: null, expiresAt: null });
  await announceServerChanged(serverId);
}

const fresh = (expiresAt: Date | null) => !expiresAt || expiresAt.getTime() - Date.now() > EARLY_MS;

async function waitForOtherRefresh(serverId: string): Promise<OAuthTokens | undefined> {
  const until = Date.now() + WAIT_MS;
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const row = await readOAuth(serverId);
    if (!row || row.status !== "authorized") return undefined;
    if (fresh(row.expiresAt) || !row.refreshLeaseUntil) return tokensOf(row);
  }
  return tokensOf(await readOAuth(serverId));
}

async function refreshNow(serverId: string, url: string, current: OAuthTokens): Promise<OAuthTokens | undefined> {
  const row = await readOAuth(serverId);
  const latest = tokensOf(row);
  // Another instance refreshed between our read and the lease.
  if (!row || !latest || fresh(row.expiresAt)) return latest;
  const discovery = row.discovery as unknown as OAuthDiscoveryState | null;
  const client = clientOf(row);
  if (!discovery?.authorizationServerUrl || !client || !latest.refresh_token) return current;
  // Metadata stored before they were checked where they are read (./issuer.ts): the refresh token goes to no impostor's token endpoint.
  const problem = issuerProblem(discovery);
  if (problem) {
    await markReauthorization(serverId, problem);
    return undefined;
  }
  try {
    const tokens = await refreshAuthorization(discovery.authorizationServerUrl, {
      metadata: discovery.authorizationServerMetadata,
      clientInformation: client,
      refreshToken: latest.refresh_token,
      resource: discovery.resourceMetadata?.resource ? new URL(discovery.resourceMetadata.resource) : undefined,
      fetchFn: oauthFetch,
    });
    // An authorization server that does not rotate keeps the refresh token it gave.
    const kept = { ...tokens, refresh_token: tokens.refresh_token ?? latest.refresh_token };
    // Moved to another origin while refreshing: these tokens are the old address's, and are not used.
    return (await saveTokens(serverId, url, kept, true)) ? kept : undefined;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    // The authorization server said no (revoked, expired, client gone): only a person can fix it.
    if (/invalid_grant|invalid_client|unauthorized_client|HTTP 40[01]/i.test(message) || (err as { errorCode?: string }).errorCode) {
      await markReauthorization(serverId, `The authorization server refused to refresh the access token (${message.slice(0, 200)}).`);
      return undefined;
    }
    // Unreachable for now: the current token may still serve, and the next use tries again.
    log.warn("access token not refreshed", { serverId, err });
    return current;
  }
}

/** The tokens of the server at `url`, refreshed first when they are about to expire; undefined when it has none that work. */
export async function currentTokens(serverId: string, url: string): Promise<OAuthTokens | undefined> {
  const row = await readOAuth(serverId);
  const tokens = tokensOf(row);
  if (!row || !tokens || row.status !== "authorized") return undefined;
  if (fresh(row.expiresAt) || !tokens.refresh_token) return tokens;
  const now = new Date();
  const [leased] = await (await db())
    .update(serverOauth)
    .set({ refreshLeaseUntil: new Date(now.getTime() + LEASE_MS) })
    .where(and(eq(serverOauth.serverId, serverId), or(isNull(serverOauth.refreshLeaseUntil), lt(serverOauth.refreshLeaseUntil, now))))
    .returning({ serverId: serverOauth.serverId });
  if (!leased) return waitForOtherRefresh(serverId);
  try {
    return await refreshNow(serverId, url, tokens);
  } finally {
    await (await db()).update(serverOauth).set({ refreshLeaseUntil: null }).where(eq(serverOauth.serverId, serverId));
  }
}
