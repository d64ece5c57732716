import "server-only";
import { hkdfSync } from "node:crypto";
import { jwtVerify, SignJWT, errors } from "jose";
import { serverSecrets } from "../secrets";
import { issuer } from "./issuer";

/**
 * The access tokens the console issues to a gateway's OAuth clients: JWTs
 * (HS256, a key derived from the session secret, so rotating that secret
 * rotates them and the previous one still verifies), short-lived, whose
 * audience is the one gateway URL they open and whose subject is the person
 * who allowed them. The grant they carry is checked against the database on
 * use (lib/oauth-server/grants.ts), so that revoking it ends them at once.
 */

export const ACCESS_TOKEN_TTL_SEC = 15 * 60;

export interface AccessClaims {
  userUid: string;
  grantId: string;
  clientId: string;
  /** The gateway URL the token opens. */
  audience: string;
}

const keyFrom = (secret: string) => new Uint8Array(hkdfSync("sha256", secret, "mcp-console", "oauth-access-token", 32));

function keys(): Uint8Array[] {
  const { sessionSecret, sessionSecretPrevious } = serverSecrets();
  return [keyFrom(sessionSecret), ...(sessionSecretPrevious ? [keyFrom(sessionSecretPrevious)] : [])];
}

/** A JWT has three dot-separated parts; API tokens have none. */
export const looksLikeAccessToken = (token: string) => token.split(".").length === 3;

export async function signAccessToken(claims: AccessClaims): Promise<string> {
  return new SignJWT({ client_id: claims.clientId, gid: claims.grantId, scope: "gateway" })
    .setProtectedHeader({ alg: "HS256", typ: "at+jwt" })
    .setIssuer(issuer())
    .setSubject(claims.userUid)
    .setAudience(claims.audience)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SEC}s`)
    .sign(keys()[0]);
}

export type AccessTokenCheck = { ok: true; claims: AccessClaims; expiresAt: number } | { ok: false; reason: "expired" | "invalid" };

/** The token's claims when it is ours, unexpired and meant for `audience`. */
export async function verifyAccessToken(token: string, audience: string): Promise<AccessTokenCheck> {
  for (const key of keys()) {
    try {
      const { payload } = await jwtVerify(token, key, { issuer: issuer(), audience, algorithms: ["HS256"], typ: "at+jwt" });
      if (typeof payload.sub !== "string" || typeof payload.gid !== "string" || typeof payload.client_id !== "string") return { ok: false, reason: "invalid" };
      return { ok: true, claims: { userUid: payload.sub, grantId: payload.gid, clientId: payload.client_id, audience }, expiresAt: (payload.exp ?? 0) * 1000 };
    } catch (err) {
      if (err instanceof errors.JWTExpired) return { ok: false, reason: "expired" };
      // Another key may have signed it (a secret being rotated); anything else is not a token of ours.
    }
  }
  return { ok: false, reason: "invalid" };
}
