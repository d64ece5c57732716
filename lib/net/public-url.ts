/**
 * A URL fit to show others: scheme, host (with its port) and path. A user
 * name and password, a query string (where API keys travel) and a fragment
 * stay with the owner. Every place a server's URL leaves the owner's view —
 * public status pages, messages and alerts, activity summaries, exports for
 * other tools — shows this; null when the text is not a URL.
 */
export function publicUrl(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  return `${u.protocol}//${u.host}${u.pathname}`;
}
