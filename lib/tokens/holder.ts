import "server-only";
import { eq } from "drizzle-orm";
import { sharedCache } from "../cache/shared-cache";
import { db } from "../db";
import { apiTokens, users } from "../db/schema";
import type { PlanHolder } from "../plans/holder";
import type { TokenScope } from "./schema";
import { hashToken } from "./secret";

/**
 * A token as the MCP endpoints check it on every request: whose it is, its
 * scope, the one gateway it may be limited to. Kept a few seconds per
 * process, so that an agent's burst of calls reads it once; revoking the
 * token drops it on every instance at once (lib/cache/shared-cache.ts).
 */

const TTL_MS = 5_000;

export interface TokenHolder {
  tokenId: string;
  tokenName: string;
  scope: TokenScope;
  /** Set: the token opens only this gateway. */
  gatewayId: string | null;
  expiresAt: number | null;
  user: PlanHolder;
}

const tokens = sharedCache<TokenHolder>("token-holders", { max: 10_000, ttl: TTL_MS });

/** The token's holder, or null when no such token exists. Notes the token's use at most once per entry. */
export async function tokenHolder(token: string): Promise<TokenHolder | null> {
  const hash = hashToken(token);
  const kept = tokens.get(hash);
  if (kept) return kept;
  const d = await db();
  const [row] = await d
    .select({
      tokenId: apiTokens.id,
      tokenName: apiTokens.name,
      scope: apiTokens.scope,
      gatewayId: apiTokens.gatewayId,
      expiresAt: apiTokens.expiresAt,
      uid: users.uid,
      subscriptionPlan: users.subscriptionPlan,
      subscriptionExpiresAt: users.subscriptionExpiresAt,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.uid, apiTokens.userUid))
    .where(eq(apiTokens.tokenHash, hash))
    .limit(1);
  if (!row) return null;
  const holder: TokenHolder = {
    tokenId: row.tokenId,
    tokenName: row.tokenName,
    scope: row.scope,
    gatewayId: row.gatewayId,
    expiresAt: row.expiresAt?.getTime() ?? null,
    user: { uid: row.uid, subscriptionPlan: row.subscriptionPlan, subscriptionExpiresAt: row.subscriptionExpiresAt },
  };
  tokens.set(hash, holder);
  void d.update(apiTokens).set({ lastUsedAt: new Date() }).where(eq(apiTokens.id, row.tokenId)).catch(() => {});
  return holder;
}

/** A revoked token stops opening anything on every instance at once. */
export const forgetTokenHolder = (tokenHash: string) => tokens.forget(tokenHash);

