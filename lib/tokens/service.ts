import "server-only";
import { and, asc, count, eq } from "drizzle-orm";
import { record } from "../activity/service";
import { db } from "../db";
import { apiTokens, gateways } from "../db/schema";
import { assertAllowed, tokensEndBy } from "../plans/capabilities";
import type { PlanHolder } from "../plans/holder";
import { forgetTokenHolder } from "./holder";
import type { SelectedRow } from "../db/selection";
import { isUuid } from "../guards";
import { conflict, notFound } from "../http/errors";
import { MAX_TOKENS, SCOPE_LABELS, type TokenCreate, type TokenCreated, type TokenDto } from "./schema";
import { displayPrefixOf, hashToken, newToken } from "./secret";

/** Creating, listing and revoking a user's personal API tokens; every query is scoped to the owner. */

interface Origin {
  req?: Request;
  ip?: string;
}

const DAY_MS = 86_400_000;

/** The earlier of two expiries, null being never. */
const earliest = (a: Date | null, b: Date | null) => (a && b ? (a < b ? a : b) : (a ?? b));

const tokenColumns = {
  id: apiTokens.id,
  name: apiTokens.name,
  scope: apiTokens.scope,
  gatewayId: apiTokens.gatewayId,
  displayPrefix: apiTokens.displayPrefix,
  createdAt: apiTokens.createdAt,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
};

type TokenRow = SelectedRow<typeof tokenColumns>;

function toDto(row: TokenRow): TokenDto {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    gatewayId: row.gatewayId,
    prefix: row.displayPrefix,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function listTokens(uid: string): Promise<TokenDto[]> {
  const rows = await (await db()).select(tokenColumns).from(apiTokens).where(eq(apiTokens.userUid, uid)).orderBy(asc(apiTokens.createdAt));
  return rows.map(toDto);
}

/** Creates a token; the answer is the only time the token itself is shown. */
export async function createToken(user: PlanHolder, input: TokenCreate, origin: Origin = {}): Promise<TokenCreated> {
  const { uid } = user;
  // A Gateways token opens the user's gateways, which reach their own servers only; the others open the API.
  if (input.scope !== "gateway") assertAllowed(user, "apiTokens");
  const d = await db();
  const [{ n }] = await d.select({ n: count() }).from(apiTokens).where(eq(apiTokens.userUid, uid));
  if (n >= MAX_TOKENS) throw conflict(`You have ${MAX_TOKENS} tokens, the most an account keeps. Revoke one you no longer use.`);
  if (input.gatewayId) await assertOwnGateway(uid, input.gatewayId);
  const token = newToken();
  const expiresAt = earliest(input.expiresInDays ? new Date(Date.now() + input.expiresInDays * DAY_MS) : null, tokensEndBy(user));
  const [row] = await d
    .insert(apiTokens)
    .values({ userUid: uid, name: input.name, scope: input.scope, gatewayId: input.gatewayId ?? null, tokenHash: hashToken(token), displayPrefix: displayPrefixOf(token), expiresAt })
    .returning(tokenColumns);
  await record({
    userUid: uid,
    action: "token.created",
    summary: `Created the API token ${row.name} (${SCOPE_LABELS[row.scope].toLowerCase()}${expiresAt ? `, expires ${expiresAt.toISOString().slice(0, 10)}` : ", no expiry"})`,
    target: { type: "api_token", id: row.id },
    metadata: { name: row.name, scope: row.scope, prefix: row.displayPrefix, expiresAt: expiresAt?.toISOString() ?? null },
    req: origin.req,
    ip: origin.ip,
  });
  return { token, tokenInfo: toDto(row) };
}

async function assertOwnGateway(uid: string, gatewayId: string) {
  const missing = () => notFound("No gateway with this id.");
  if (!isUuid(gatewayId)) throw missing();
  const [row] = await (await db())
    .select({ id: gateways.id })
    .from(gateways)
    .where(and(eq(gateways.id, gatewayId), eq(gateways.ownerUid, uid)))
    .limit(1);
  if (!row) throw missing();
}

/** Deletes the token: the next request that carries it is refused. */
export async function revokeToken(uid: string, id: string, origin: Origin = {}): Promise<void> {
  if (!isUuid(id)) throw notFound("No token with this id.");
  const [gone] = await (await db())
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userUid, uid)))
    .returning({ name: apiTokens.name, displayPrefix: apiTokens.displayPrefix, tokenHash: apiTokens.tokenHash });
  if (!gone) throw notFound("No token with this id.");
  await forgetTokenHolder(gone.tokenHash);
  await record({
    userUid: uid,
    action: "token.revoked",
    summary: `Revoked the API token ${gone.name}`,
    target: { type: "api_token", id },
    metadata: { name: gone.name, prefix: gone.displayPrefix },
    req: origin.req,
    ip: origin.ip,
  });
}
