import type { Env } from "../env";

/**
 * The pages rendered per request, as in `next build`'s route table (ƒ): the
 * console, the sign-in pages, the identity provider's action link and the
 * public status pages. Only these can carry a per-request nonce, because
 * Next.js stamps it on its scripts while it renders; a prerendered page (○/●)
 * and the not-found page of an address no route matches are served as built,
 * with no nonce in them, so the list names routes, not prefixes. Their
 * layouts give the nonce to the theme script (lib/security/nonce.ts).
 * tests/unit/security/csp.test.ts fails for a page of those route groups that
 * is missing here.
 */
export const PER_REQUEST_ROUTES = [
  "/dashboard",
  "/servers",
  "/servers/new",
  "/servers/[id]",
  "/gateways",
  "/gateways/new",
  "/gateways/[id]",
  "/gateways/authorize/[id]",
  "/workbench",
  "/settings",
  "/support",
  "/activity",
  "/admin",
  "/admin/support",
  "/auth/login",
  "/auth/register",
  "/auth/reset-password",
  "/auth/verify-email",
  "/auth/confirm-email-verification",
  "/auth/confirm-password-reset",
  "/__/auth/action",
  "/status/[slug]",
] as const;

/** Whether a route as Next.js writes it ("/servers/[id]") serves `pathname`. */
export function routeMatches(route: string, pathname: string): boolean {
  const segments = pathname.split("/").filter(Boolean);
  const pattern = route.split("/").filter(Boolean);
  return pattern.length === segments.length && pattern.every((p, i) => p.startsWith("[") || p === segments[i]);
}

export function rendersPerRequest(pathname: string): boolean {
  return PER_REQUEST_ROUTES.some((route) => routeMatches(route, pathname));
}

/** 128 random bits, base64: a fresh one for every page request. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

/**
 * The Content-Security-Policy of a page.
 *
 * With a nonce (pages rendered per request), only scripts carrying it run,
 * and scripts they load ('strict-dynamic': Next.js chunks, the identity
 * provider's gapi loader); no inline script without the nonce runs.
 *
 * Without one (prerendered pages: marketing, blog, not-found), Next.js's
 * inline bootstrap and data scripts carry no nonce; they are fixed at build
 * time, so `hashes` (read from the build by lib/security/built-scripts.ts)
 * allow exactly them, beside this origin's script files. A page rendered per
 * request in the public site's layout gets a nonce and the hashes of that
 * layout's scripts. With neither (`next dev`, which builds pages on demand),
 * inline scripts are allowed.
 *
 * Styles keep 'unsafe-inline' everywhere: React renders `style` attributes
 * (Radix positions its popovers with them), which neither nonces nor hashes
 * can allow.
 *
 * Images come from this origin, data:/blob: URLs (a tool's image result, a
 * download), and the profile photo hosts of the two sign-in providers
 * (Google, GitHub); no other host has a reason to appear in a page.
 */
export function contentSecurityPolicy(e: Env, nonce?: string, hashes: readonly string[] = []): string {
  const identity = ["https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com"];
  if (e.authEmulatorHost) identity.push(`http://${e.authEmulatorHost}`);
  if (e.authSyncUrl) identity.push(new URL(e.authSyncUrl).origin);
  // Development only: React's dev build rebuilds call stacks with eval.
  const devEval = e.production ? [] : ["'unsafe-eval'"];
  const scripts = nonce
    ? [`'nonce-${nonce}'`, "'strict-dynamic'", ...hashes, ...devEval]
    : ["'self'", ...(hashes.length ? hashes : ["'unsafe-inline'"]), "https://apis.google.com", ...devEval];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": scripts,
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https://*.googleusercontent.com", "https://avatars.githubusercontent.com"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...identity, ...(e.production ? [] : ["ws:"])],
    "frame-src": [`https://${e.firebase.authDomain}`, "https://apis.google.com"],
    "media-src": ["'self'", "data:", "blob:"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([k, v]) => `${k} ${v.join(" ")}`)
    .join("; ");
}
