/**
 * A human message for each identity-provider error code of the social and
 * popup flows, plus the common email/password ones.
 */
const MESSAGES: Record<string, string> = {
  "auth/popup-closed-by-user": "The sign-in window was closed before you finished. Try again when you are ready.",
  "auth/password-does-not-meet-requirements": "This password does not meet the password requirements.",
  "auth/popup-blocked": "Your browser blocked the sign-in window. Allow pop-ups for this site, or continue in this tab.",
  "auth/cancelled-popup-request": "Another sign-in window is already open. Finish or close it first.",
  "auth/unauthorized-domain": "Sign-in is not allowed from this address. Use the console's official address.",
  "auth/network-request-failed": "We could not reach the sign-in service. Check your internet connection and try again.",
  "auth/web-storage-unsupported": "Your browser blocks the storage that sign-in needs. Enable cookies and site data, or leave private mode.",
  "auth/operation-not-supported-in-this-environment": "This sign-in method does not work in this browser environment. Try email and password.",
  "auth/invalid-api-key": "Sign-in is misconfigured on our side (invalid API key). Please contact support.",
  "auth/auth-domain-config-required": "Sign-in is misconfigured on our side (missing auth domain). Please contact support.",
  "auth/internal-error": "The sign-in service had an internal error. Try again in a moment.",
  "auth/invalid-credential": "The email or password is incorrect.",
  "auth/wrong-password": "The email or password is incorrect.",
  "auth/user-not-found": "The email or password is incorrect.",
  "auth/invalid-login-credentials": "The email or password is incorrect.",
  "auth/email-already-in-use": "An account with this email already exists. Sign in instead, or reset your password.",
  "auth/weak-password": "This password is too weak. Use at least 8 characters.",
  "auth/invalid-email": "Enter a valid email address.",
  "auth/user-disabled": "This account has been disabled. Contact support if you think this is a mistake.",
  "auth/too-many-requests": "Too many attempts. Wait a few minutes and try again, or reset your password.",
  "auth/expired-action-code": "This link has expired. Ask for a new one.",
  "auth/invalid-action-code": "This link is invalid or has already been used. Ask for a new one.",
  "auth/requires-recent-login": "For your security, sign in again before doing this.",
  "auth/account-exists-with-different-credential": "An account already exists with this email through another sign-in method. Sign in with that method first.",
};

export function providerErrorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown })?.code;
  return typeof code === "string" ? code : undefined;
}

export function authErrorMessage(err: unknown): string {
  const code = providerErrorCode(err);
  if (code && MESSAGES[code]) return MESSAGES[code];
  if (err instanceof Error && err.message && !err.message.startsWith("Firebase:")) return err.message;
  return "Something went wrong while signing in. Try again.";
}

export const HANDLED_PROVIDER_CODES = Object.keys(MESSAGES);
