import type { Env } from "../env";

/**
 * The Content-Security-Policy for this deployment. Next.js inlines its
 * bootstrap scripts, and a per-request nonce would make every page dynamic
 * (no static blog, no cached marketing pages), so scripts are limited to
 * this origin plus inline, and everything else is locked down.
 */
export function contentSecurityPolicy(e: Env): string {
  const identity = ["https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com"];
  if (e.authEmulatorHost) identity.push(`http://${e.authEmulatorHost}`);
  if (e.authSyncUrl) identity.push(new URL(e.authSyncUrl).origin);
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", "'unsafe-inline'", "https://apis.google.com", ...(e.production ? [] : ["'unsafe-eval'"])],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https:"],
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
