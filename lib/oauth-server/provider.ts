import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Response } from "express";
import type { AuthorizationParams, OAuthServerProvider } from "@modelcontextprotocol/sdk/server/auth/provider.js";
import { InvalidGrantError, InvalidScopeError, InvalidTargetError, InvalidTokenError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { OAuthClientInformationFull, OAuthTokenRevocationRequest, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { decodeJwt } from "jose";
import { db } from "../db";
import { gateways, oauthAuthorizations, oauthGrants, oauthRefreshTokens } from "../db/schema";
import { hashToken } from "../tokens/secret";
import { ACCESS_TOKEN_TTL_SEC, looksLikeAccessToken, signAccessToken, verifyAccessToken } from "./access-tokens";
import { saveRequest } from "./authorizations";
import { consoleClients } from "./clients";
import { endGrant } from "./grants";
import { GATEWAY_SCOPE, gatewayResource, slugOfResource } from "./issuer";

/**
 * The console's authorization server, behind the SDK's handlers (they parse
 * and check every request: client authentication, redirect URIs, PKCE) with
 * all of its state in the database, so that any instance answers any step.
 */

const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const REFRESH_PREFIX = "mcpr_";

interface OpenedGrant {
  id: string;
  userUid: string;
  /** The gateway URL the grant opens: the tokens' audience. */
  audience: string;
}

/**
 * The grant a code or refresh token opens, when it is in force and a
 * `resource` in the token request names its gateway (RFC 8707). Checked
 * before the code or refresh token is marked used, so that a request with a
 * wrong `resource` spends nothing.
 */
async function grantToOpen(grantId: string, clientId: string, resource: URL | undefined): Promise<OpenedGrant> {
  const [row] = await (await db())
    .select({ userUid: oauthGrants.userUid, slug: gateways.slug })
    .from(oauthGrants)
    .innerJoin(gateways, eq(gateways.id, oauthGrants.gatewayId))
    .where(and(eq(oauthGrants.id, grantId), eq(oauthGrants.clientId, clientId), isNull(oauthGrants.revokedAt)))
    .limit(1);
  if (!row) throw new InvalidGrantError("This grant was revoked: sign in again.");
  const audience = gatewayResource(row.slug);
  if (resource && resource.href !== new URL(audience).href) throw new InvalidTargetError("This grant is for another gateway.");
  return { id: grantId, userUid: row.userUid, audience };
}

/** A new access token and the next refresh token of a grant in force. */
async function issueTokens(grant: OpenedGrant, clientId: string): Promise<OAuthTokens> {
  const refresh = `${REFRESH_PREFIX}${randomBytes(32).toString("base64url")}`;
  await (await db()).insert(oauthRefreshTokens).values({ tokenHash: hashToken(refresh), grantId: grant.id, expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS) });
  return {
    access_token: await signAccessToken({ userUid: grant.userUid, grantId: grant.id, clientId, audience: grant.audience }),
    token_type: "Bearer",
    expires_in: ACCESS_TOKEN_TTL_SEC,
    refresh_token: refresh,
    scope: GATEWAY_SCOPE,
  };
}

export const consoleAuthProvider: OAuthServerProvider = {
  clientsStore: consoleClients,

  async authorize(client: OAuthClientInformationFull, params: AuthorizationParams, res: Response) {
    const scopes = params.scopes?.filter(Boolean) ?? [];
    if (scopes.some((s) => s !== GATEWAY_SCOPE)) throw new InvalidScopeError(`The only scope is "${GATEWAY_SCOPE}".`);
    const resource = params.resource?.href;
    if (resource !== undefined && slugOfResource(resource) === null) throw new InvalidTargetError("The resource is not a gateway of this console.");
    const id = await saveRequest({ clientId: client.client_id, redirectUri: params.redirectUri, codeChallenge: params.codeChallenge, state: params.state, resource, scopes });
    res.redirect(302, `/gateways/authorize/${id}`);
  },

  async challengeForAuthorizationCode(client, code) {
    const [row] = await (await db())
      .select({ challenge: oauthAuthorizations.codeChallenge })
      .from(oauthAuthorizations)
      .where(and(eq(oauthAuthorizations.codeHash, hashToken(code)), eq(oauthAuthorizations.clientId, client.client_id)))
      .limit(1);
    if (!row) throw new InvalidGrantError("The authorization code is not valid.");
    return row.challenge;
  },

  async exchangeAuthorizationCode(client, code, _verifier, redirectUri, resource) {
    const d = await db();
    const hash = hashToken(code);
    const [unused] = await d
      .select({ grantId: oauthAuthorizations.grantId })
      .from(oauthAuthorizations)
      .where(and(eq(oauthAuthorizations.codeHash, hash), eq(oauthAuthorizations.clientId, client.client_id), isNull(oauthAuthorizations.usedAt)))
      .limit(1);
    const grant = unused?.grantId ? await grantToOpen(unused.grantId, client.client_id, resource) : null;
    // Used once: the first exchange marks it, on any instance.
    const [row] = await d
      .update(oauthAuthorizations)
      .set({ usedAt: sql`now()` })
      .where(and(eq(oauthAuthorizations.codeHash, hash), eq(oauthAuthorizations.clientId, client.client_id), isNull(oauthAuthorizations.usedAt)))
      .returning();
    if (!row) {
      const [used] = await d.select({ grantId: oauthAuthorizations.grantId }).from(oauthAuthorizations).where(eq(oauthAuthorizations.codeHash, hash)).limit(1);
      // A code presented twice was seen by someone else: what it was exchanged for is revoked (RFC 6749 §4.1.2).
      if (used?.grantId) await endGrant(used.grantId, { why: "its authorization code was presented twice." });
      throw new InvalidGrantError(used ? "This authorization code was already used; the access it gave was revoked." : "The authorization code is not valid.");
    }
    if (row.expiresAt.getTime() <= Date.now()) throw new InvalidGrantError("The authorization code has expired: sign in again.");
    if (redirectUri !== undefined && redirectUri !== row.redirectUri) throw new InvalidGrantError("redirect_uri differs from the authorization request's.");
    if (!grant || row.grantId !== grant.id) throw new InvalidGrantError("The authorization code is not valid.");
    return issueTokens(grant, client.client_id);
  },

  async exchangeRefreshToken(client, refreshToken, scopes, resource) {
    if (scopes?.some((s) => s !== GATEWAY_SCOPE)) throw new InvalidScopeError(`The only scope is "${GATEWAY_SCOPE}".`);
    const d = await db();
    const hash = hashToken(refreshToken);
    const inForce = d.select({ id: oauthGrants.id }).from(oauthGrants).where(and(eq(oauthGrants.clientId, client.client_id), isNull(oauthGrants.revokedAt)));
    const usable = and(eq(oauthRefreshTokens.tokenHash, hash), isNull(oauthRefreshTokens.usedAt), gt(oauthRefreshTokens.expiresAt, new Date()), inArray(oauthRefreshTokens.grantId, inForce));
    const [unused] = await d.select({ grantId: oauthRefreshTokens.grantId }).from(oauthRefreshTokens).where(usable).limit(1);
    if (unused) {
      const grant = await grantToOpen(unused.grantId, client.client_id, resource);
      // Rotation: a refresh token of a grant in force works once, and two instances racing with it cannot both win.
      const [spent] = await d.update(oauthRefreshTokens).set({ usedAt: sql`now()` }).where(usable).returning({ grantId: oauthRefreshTokens.grantId });
      if (spent) return issueTokens(grant, client.client_id);
    }
    const [seen] = await d
      .select({ grantId: oauthRefreshTokens.grantId, usedAt: oauthRefreshTokens.usedAt, revokedAt: oauthGrants.revokedAt })
      .from(oauthRefreshTokens)
      .innerJoin(oauthGrants, eq(oauthGrants.id, oauthRefreshTokens.grantId))
      .where(and(eq(oauthRefreshTokens.tokenHash, hash), eq(oauthGrants.clientId, client.client_id)))
      .limit(1);
    if (seen?.revokedAt) throw new InvalidGrantError("This grant was revoked: sign in again.");
    // A rotated token presented again was copied: the grant ends (OAuth 2.1 §4.3.1).
    if (seen?.usedAt) await endGrant(seen.grantId, { why: "a refresh token was used twice." });
    throw new InvalidGrantError(seen?.usedAt ? "This refresh token was already used; the grant was revoked." : "The refresh token is not valid or has expired.");
  },

  async verifyAccessToken(token: string): Promise<AuthInfo> {
    let audience = "";
    try {
      const aud = decodeJwt(token).aud;
      if (typeof aud === "string") audience = aud;
    } catch {
      throw new InvalidTokenError("The access token is not valid.");
    }
    const checked = await verifyAccessToken(token, audience);
    if (!checked.ok) throw new InvalidTokenError(checked.reason === "expired" ? "The access token has expired." : "The access token is not valid.");
    return { token, clientId: checked.claims.clientId, scopes: [GATEWAY_SCOPE], expiresAt: Math.floor(checked.expiresAt / 1000), resource: new URL(audience) };
  },

  /** RFC 7009: either token of a grant ends the whole grant; an unknown token is not an error. */
  async revokeToken(client: OAuthClientInformationFull, request: OAuthTokenRevocationRequest) {
    let grantId: string | undefined;
    if (looksLikeAccessToken(request.token)) {
      try {
        const aud = decodeJwt(request.token).aud;
        const checked = await verifyAccessToken(request.token, typeof aud === "string" ? aud : "");
        if (checked.ok && checked.claims.clientId === client.client_id) grantId = checked.claims.grantId;
      } catch {
        return;
      }
    } else {
      const [row] = await (await db())
        .select({ grantId: oauthRefreshTokens.grantId, clientId: oauthGrants.clientId })
        .from(oauthRefreshTokens)
        .innerJoin(oauthGrants, eq(oauthGrants.id, oauthRefreshTokens.grantId))
        .where(eq(oauthRefreshTokens.tokenHash, hashToken(request.token)))
        .limit(1);
      if (row?.clientId === client.client_id) grantId = row.grantId;
    }
    if (grantId) await endGrant(grantId, { why: "the app signed out (revoked its token)." });
  },
};
