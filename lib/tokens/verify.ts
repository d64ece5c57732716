import "server-only";
import { eq } from "drizzle-orm";
import { record } from "../activity/service";
import { db } from "../db";
import { apiTokens } from "../db/schema";
import { forbidden, unauthenticated } from "../http/errors";
import { enforce } from "../rate-limit/service";
import { findUser, type UserRecord } from "../users/service";
import type { TokenScope } from "./schema";
import { hashToken } from "./secret";

/** What the route wrapper knows of the token a request came with. */
export interface TokenUse {
  id: string;
  name: string;
  scope: TokenScope;
}

/** Requests one token may make per minute, across every instance. */
const REQUESTS_PER_MINUTE = 120;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The owner of a personal API token, or 401: revoked (deleted), unknown,
 * expired, or its account deleted (the token went with it). Counts the
 * request against the token's rate limit and notes its last use.
 */
export async function verifyApiToken(token: string): Promise<UserRecord & { token: TokenUse }> {
  const d = await db();
  const [row] = await d
    .select({ id: apiTokens.id, userUid: apiTokens.userUid, name: apiTokens.name, scope: apiTokens.scope, expiresAt: apiTokens.expiresAt })
    .from(apiTokens)
    .where(eq(apiTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) throw unauthenticated("This API token is not valid: it was revoked or never existed.");
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) throw unauthenticated("This API token has expired. Create a new one in Settings.");
  // Keyed with the uid so that the account's deletion takes the counter too.
  await enforce(`api-token:${row.userUid}:${row.id}`, REQUESTS_PER_MINUTE, 60, `This token made more than ${REQUESTS_PER_MINUTE} requests in a minute. Wait and try again.`);
  const user = await findUser(row.userUid);
  if (!user) throw unauthenticated("This API token is not valid: it was revoked or never existed.");
  await d.update(apiTokens).set({ lastUsedAt: new Date() }).where(eq(apiTokens.id, row.id));
  return { ...user, token: { id: row.id, name: row.name, scope: row.scope } };
}

/**
 * A read token only reads; and no token manages tokens or the account
 * (`tokens: false` on those routes), so a leaked one cannot mint others or
 * lock its owner out.
 */
export function assertTokenMay(token: TokenUse, method: string, routeAllowsTokens: boolean) {
  if (!routeAllowsTokens) throw forbidden("API tokens cannot be used here. Sign in to the console instead.");
  if (token.scope === "gateway") throw forbidden("A gateway token opens gateways only. Create a read or read-and-write token for the API.");
  if (token.scope === "read" && !SAFE_METHODS.has(method)) {
    throw forbidden("This API token can only read. Create a token with read and write access to make changes.");
  }
}

/** One activity event per request made with a token: what a leaked token did is in the owner's log. */
export async function recordTokenUse(uid: string, token: TokenUse, req: Request, ip: string, status: number) {
  const { pathname } = new URL(req.url);
  await record({
    userUid: uid,
    action: "token.used",
    summary: `API token ${token.name}: ${req.method} ${pathname} → ${status}`,
    target: { type: "api_token", id: token.id },
    metadata: { token: token.name, method: req.method, path: pathname, status },
    req,
    ip,
  });
}
