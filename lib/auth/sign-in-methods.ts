/**
 * The identity provider's sign-in method ids in words, for the activity log
 * ("Signed in with Google") and the settings page. "custom" is a token the
 * console made itself: here only the local demo account signs in that way.
 */
const LABELS: Record<string, string> = {
  password: "email and password",
  "google.com": "Google",
  "github.com": "GitHub",
  custom: "the demo account link",
};

export function signInMethodLabel(id: string | undefined): string {
  if (!id) return "an unknown method";
  return LABELS[id] ?? id;
}
