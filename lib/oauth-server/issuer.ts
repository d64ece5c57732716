import "server-only";
import type { OAuthMetadata, OAuthProtectedResourceMetadata } from "@modelcontextprotocol/sdk/shared/auth.js";
import { env } from "../env";

/**
 * The console as the authorization server of its gateways: its issuer is the
 * console's own origin, and each gateway's endpoint is a protected resource
 * (RFC 9728) that names it. These documents are the same on every instance,
 * read from configuration alone.
 */

export const OAUTH_PATHS = {
  authorize: "/oauth/authorize",
  token: "/oauth/token",
  register: "/oauth/register",
  revoke: "/oauth/revoke",
} as const;

/** The one scope a gateway's token carries: open that gateway. */
export const GATEWAY_SCOPE = "gateway";

export const issuer = () => new URL(env().appUrl).origin;

/** A gateway's endpoint URL: the `resource` a client asks a token for, and the token's audience. */
export const gatewayResource = (slug: string) => `${issuer()}/mcp/${slug}`;

/** The gateway slug a `resource` URL names, or null when it names none of this console's. */
export function slugOfResource(resource: string): string | null {
  let url: URL;
  try {
    url = new URL(resource);
  } catch {
    return null;
  }
  if (url.origin !== issuer() || url.search || url.hash) return null;
  return /^\/mcp\/([a-z0-9-]+)\/?$/.exec(url.pathname)?.[1] ?? null;
}

export function authorizationServerMetadata(): OAuthMetadata & { client_id_metadata_document_supported: boolean; authorization_response_iss_parameter_supported: boolean } {
  const at = (path: string) => `${issuer()}${path}`;
  return {
    issuer: issuer(),
    authorization_endpoint: at(OAUTH_PATHS.authorize),
    token_endpoint: at(OAUTH_PATHS.token),
    registration_endpoint: at(OAUTH_PATHS.register),
    revocation_endpoint: at(OAUTH_PATHS.revoke),
    response_types_supported: ["code"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: ["none", "client_secret_post"],
    revocation_endpoint_auth_methods_supported: ["none", "client_secret_post"],
    scopes_supported: [GATEWAY_SCOPE],
    // A client may name itself by an https URL of its metadata (Client ID Metadata Documents).
    client_id_metadata_document_supported: true,
    // Every answer at a client's redirect URI, code or error, names the issuer (RFC 9207; lib/oauth-server/iss-on-redirect.ts).
    authorization_response_iss_parameter_supported: true,
  };
}

export function protectedResourceMetadata(slug: string): OAuthProtectedResourceMetadata {
  return {
    resource: gatewayResource(slug),
    authorization_servers: [issuer()],
    scopes_supported: [GATEWAY_SCOPE],
    bearer_methods_supported: ["header"],
    resource_name: "MCP Console gateway",
  };
}
