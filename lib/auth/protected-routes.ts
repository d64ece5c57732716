/** The console's pages: without a session they redirect to /auth/login. */
export const PROTECTED_PREFIXES = [
  "/dashboard",
  "/servers",
  "/gateways",
  "/workbench",
  "/settings",
  "/support",
  "/activity",
  "/admin",
] as const;

export function isProtectedPath(pathname: string): boolean {
  return PROTECTED_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/**
 * A redirect target is followed only when it is a path of this site:
 * one leading slash, no scheme, no protocol-relative `//` or `/\` tricks.
 */
export function safeRedirectPath(target: string | null | undefined): string | null {
  if (!target || typeof target !== "string") return null;
  if (target.length > 2048) return null;
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return null;
  // Control characters and backslashes are normalised by browsers into surprising URLs.
  if (/[\u0000-\u001f\\]/.test(target)) return null;
  try {
    const url = new URL(target, "http://same.origin");
    if (url.origin !== "http://same.origin") return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}
