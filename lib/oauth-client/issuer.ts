import type { OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";

/**
 * The mix-up defence. An authorization server's metadata must name as its
 * `issuer` the identifier its well-known address was built from (RFC 8414
 * §3.3, OpenID Connect Discovery §4.3); the SDK does not check it. Metadata
 * that names another issuer (an honest server's, with its own token
 * endpoint) would make the console accept that honest server's answer on
 * the callback (`iss`, RFC 9207) and then send the code and the PKCE
 * verifier to the impostor's token endpoint. So such metadata is refused
 * where it is discovered, and the callback's `iss` is compared with the
 * issuer checked here.
 */

/** Identifiers compared as written, but for one trailing slash (the SDK writes a pathless one with it). */
const bare = (id: string) => (id.endsWith("/") ? id.slice(0, -1) : id);

/** Why these metadata are refused, in a sentence; null when their issuer is the identifier they were read for. */
export function issuerProblem(discovery: Pick<OAuthDiscoveryState, "authorizationServerUrl" | "authorizationServerMetadata">): string | null {
  const named = discovery.authorizationServerMetadata?.issuer;
  if (named === undefined || bare(named) === bare(discovery.authorizationServerUrl)) return null;
  return `The authorization server ${discovery.authorizationServerUrl} names another issuer in its metadata (${String(named).slice(0, 200)}): the console does not sign in with an authorization server that claims to be another (RFC 8414).`;
}

/** The issuer a sign-in's answer must name (RFC 9207): the one its metadata named, once checked; else the identifier the metadata were looked up for. */
export function expectedIssuer(discovery: OAuthDiscoveryState): string {
  return discovery.authorizationServerMetadata?.issuer ?? discovery.authorizationServerUrl;
}
