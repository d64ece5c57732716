/**
 * The redirect URIs the console's authorization server sends codes to, one
 * rule for every way a client makes itself known (dynamic registration and
 * Client ID Metadata Documents): between 1 and 10, no fragment, and https,
 * http on loopback only (a native app's local listener), or an app's own
 * reverse-domain scheme (OAuth 2.1, RFC 8252), or one of the few native
 * clients' own callbacks whose scheme is not reverse-domain, by exact match.
 */

const MAX_REDIRECT_URIS = 10;
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);
const REVERSE_DOMAIN_SCHEME = /^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+:$/;
/**
 * Cursor registers its desktop callback on the private-use scheme `cursor:`
 * beside an https and a loopback one; refusing it refuses the whole
 * registration, so Cursor could not sign in at all. Only this exact URI is
 * taken: the code is bound to the client's PKCE verifier, as for any other
 * native app's scheme.
 */
const NATIVE_CLIENT_CALLBACKS = new Set(["cursor://anysphere.cursor-mcp/oauth/callback"]);

/** Why these redirect URIs are refused, in a sentence; null when they are allowed. */
export function redirectUrisProblem(uris: string[]): string | null {
  if (uris.length === 0 || uris.length > MAX_REDIRECT_URIS) return `Register between 1 and ${MAX_REDIRECT_URIS} redirect_uris.`;
  for (const uri of uris) {
    let url: URL;
    try {
      url = new URL(uri);
    } catch {
      return `The redirect_uri ${uri} is not a URL.`;
    }
    if (url.hash) return "A redirect_uri may not have a fragment.";
    const allowed =
      NATIVE_CLIENT_CALLBACKS.has(uri) || url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK.has(url.hostname)) || REVERSE_DOMAIN_SCHEME.test(url.protocol);
    if (!allowed) return `The redirect_uri ${uri} is not allowed: use https, http on loopback, or an app's reverse-domain scheme.`;
  }
  return null;
}
