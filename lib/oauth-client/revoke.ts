import "server-only";
import type { OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";
import { log } from "../log";
import { oauthFetch } from "./fetch";
import { clientOf, readOAuth, tokensOf } from "./store";

/**
 * Revokes a server's tokens at its authorization server (RFC 7009) before the
 * server is deleted, when that server offers revocation: the refresh token
 * first (which ends the grant at most servers), then the access token. A
 * failure is logged and does not stop the deletion; the caller has checked
 * that the server is the user's.
 */
/**
 * The revocation endpoint the authorization server names. The SDK keeps only
 * the fields it uses of an OpenID discovery document, which leaves this one
 * out: it is read from the documents themselves when the stored metadata
 * lacks it (RFC 8414's path first, then OpenID's).
 */
async function revocationEndpoint(discovery: OAuthDiscoveryState): Promise<string | undefined> {
  const stored = (discovery.authorizationServerMetadata as { revocation_endpoint?: string } | undefined)?.revocation_endpoint;
  if (stored) return stored;
  const issuer = new URL(discovery.authorizationServerUrl);
  const path = issuer.pathname.replace(/\/$/, "");
  for (const url of [`${issuer.origin}/.well-known/oauth-authorization-server${path}`, `${issuer.origin}${path}/.well-known/openid-configuration`]) {
    try {
      const res = await oauthFetch(url, { headers: { accept: "application/json" } });
      if (!res.ok) continue;
      const endpoint = ((await res.json()) as { revocation_endpoint?: unknown }).revocation_endpoint;
      if (typeof endpoint === "string") return endpoint;
    } catch {
      // The next document, or no revocation.
    }
  }
  return undefined;
}

export async function revokeServerTokens(serverId: string): Promise<void> {
  const row = await readOAuth(serverId);
  const tokens = tokensOf(row);
  const discovery = row?.discovery as unknown as OAuthDiscoveryState | null;
  const client = clientOf(row);
  if (!tokens || !client || !discovery?.authorizationServerUrl) return;
  const endpoint = await revocationEndpoint(discovery);
  if (!endpoint) return;
  const secret = "client_secret" in client ? client.client_secret : undefined;
  const revoke = async (token: string, hint: "refresh_token" | "access_token") => {
    const body = new URLSearchParams({ token, token_type_hint: hint, client_id: client.client_id, ...(secret ? { client_secret: secret } : {}) });
    const res = await oauthFetch(endpoint, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
    if (!res.ok) throw new Error(`HTTP ${res.status} ${(await res.text()).slice(0, 200)}`);
  };
  try {
    if (tokens.refresh_token) await revoke(tokens.refresh_token, "refresh_token");
    await revoke(tokens.access_token, "access_token");
  } catch (err) {
    log.warn("server tokens not revoked at its authorization server", { serverId, err });
  }
}
