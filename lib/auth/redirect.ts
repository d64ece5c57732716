import { AUTH_REDIRECT_KEY } from "@/lib/api-client/fetch";
import { safeRedirectPath } from "./protected-routes";

export const DEFAULT_AFTER_SIGN_IN = "/dashboard";

/**
 * Where to go after signing in, kept in session storage so that it survives
 * a social sign-in's full-page redirect. Unsafe targets are dropped rather
 * than stored, and an absent one keeps what the API client saved when the
 * session expired.
 */
export function rememberRedirect(target: string | null | undefined): void {
  const safe = safeRedirectPath(target);
  if (!safe) return;
  try {
    window.sessionStorage.setItem(AUTH_REDIRECT_KEY, safe);
  } catch {
    // Storage can be disabled; the user then lands on the dashboard instead.
  }
}

/** Where a signed-in user may be sent: a path of this site, else the dashboard. */
export function afterSignInPath(target: string | null | undefined): string {
  const safe = safeRedirectPath(target);
  // A sign-in page would only send a signed-in user on again, or loop.
  if (!safe || /^\/auth(?:[/?#]|$)/.test(safe)) return DEFAULT_AFTER_SIGN_IN;
  return safe;
}

/** The remembered target, used once; the dashboard when there is none. */
export function takeRedirect(): string {
  let stored: string | null = null;
  try {
    stored = window.sessionStorage.getItem(AUTH_REDIRECT_KEY);
    window.sessionStorage.removeItem(AUTH_REDIRECT_KEY);
  } catch {
    // Unreadable storage holds nothing worth returning to.
  }
  return afterSignInPath(stored);
}

/**
 * Leaves a sign-in page with a full page load rather than a client
 * transition: the server layouts must render again with the new session
 * cookie, and the signed-out providers of this page must not linger.
 */
export function navigateAfterAuth(path: string): void {
  window.location.assign(path);
}
