const MAX_SEGMENT = 24;

/**
 * A webhook URL as the deliveries list shows it: scheme, host and the first
 * path segment. The rest of a chat webhook's path is its token, and a query
 * string often carries a key, so neither is shown (nor sent to the browser).
 */
export function shortDestination(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return "(not a URL)";
  }
  const segments = u.pathname.split("/").filter(Boolean);
  let shown = `${u.protocol}//${u.host}`;
  if (segments.length > 0) {
    const first = segments[0].length > MAX_SEGMENT ? `${segments[0].slice(0, MAX_SEGMENT)}…` : segments[0];
    shown += `/${first}`;
    if (segments.length > 1) shown += "/…";
  }
  if (u.search) shown += "?…";
  return shown;
}
