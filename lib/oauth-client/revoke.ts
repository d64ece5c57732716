import "server-only";
import type { OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";
import { log } from "../log";
import { oauthFetch } from "./fetch";
import { clientOf, readOAuth, tokensOf, type OAuthRow } from "./store";

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

/** Why the authorization server refused, without what it echoed of the request (a token may be in it). */
async function refusal(res: Response): Promise<string> {
  let code: unknown;
  try {
    code = ((await res.json()) as { error?: unknown }).error;
  } catch {
    // Not an OAuth error body.
  }
  return `HTTP ${res.status}${typeof code === "string" ? ` ${code.slice(0, 60)}` : ""}`;
}

/**
 * Revokes the tokens of a server's OAuth state (RFC 7009) at the
 * authorization server its metadata name, when it offers revocation: the
 * refresh token first (which ends the grant at most servers), then the access
 * token, through the OAuth flow's guarded fetch. Never throws: a failure is
 * logged (without the tokens) and stops nothing.
 */
async function revokeTokensOf(row: OAuthRow | null): Promise<void> {
  try {
    const tokens = tokensOf(row);
    const discovery = row?.discovery as unknown as OAuthDiscoveryState | null;
    const client = clientOf(row);
    if (!row || !tokens || !client || !discovery?.authorizationServerUrl) return;
    const endpoint = await revocationEndpoint(discovery);
    if (!endpoint) return;
    const secret = "client_secret" in client ? client.client_secret : undefined;
    const revoke = async (token: string, hint: "refresh_token" | "access_token") => {
      const body = new URLSearchParams({ token, token_type_hint: hint, client_id: client.client_id, ...(secret ? { client_secret: secret } : {}) });
      const res = await oauthFetch(endpoint, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
      if (!res.ok) throw new Error(`The revocation endpoint refused the ${hint}: ${await refusal(res)}`);
    };
    if (tokens.refresh_token) await revoke(tokens.refresh_token, "refresh_token");
    await revoke(tokens.access_token, "access_token");
  } catch (err) {
    log.warn("server tokens not revoked at its authorization server", { serverId: row?.serverId, err });
  }
}

/** Before a server is deleted: the caller has checked that it is the user's. */
export async function revokeServerTokens(serverId: string): Promise<void> {
  await revokeTokensOf(await readOAuth(serverId));
}

/** After a move to another origin dropped the server's sign-in (lib/servers/sign-in-origin.ts): its tokens as they were. */
export const revokeDroppedSignIn = (dropped: OAuthRow): Promise<void> => revokeTokensOf(dropped);
