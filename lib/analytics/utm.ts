import { MAX_UTM_CHARS, UTM_KEYS, type Utm } from "./events";

/** sessionStorage key of the campaign parameters the visit arrived with. */
export const UTM_STORAGE_KEY = "mcp_utm";

/** The `utm_*` parameters of a query string; empty when it has none. */
export function utmFromSearch(search: string): Utm {
  const params = new URLSearchParams(search);
  const utm: Utm = {};
  for (const key of UTM_KEYS) {
    const value = params.get(key)?.trim();
    if (value) utm[key] = value.slice(0, MAX_UTM_CHARS);
  }
  return utm;
}

/**
 * Keeps the campaign parameters of the current address for the rest of the
 * visit (tab), so that a sign-up several pages later still carries them.
 * Called only once analytics consent exists.
 */
export function captureUtm(search: string): void {
  const utm = utmFromSearch(search);
  if (Object.keys(utm).length === 0) return;
  try {
    window.sessionStorage.setItem(UTM_STORAGE_KEY, JSON.stringify(utm));
  } catch {
    // No storage: the parameters travel only with this page's events.
  }
}

export function storedUtm(): Utm | undefined {
  try {
    const raw = window.sessionStorage.getItem(UTM_STORAGE_KEY);
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as unknown;
    if (typeof parsed !== "object" || parsed === null) return undefined;
    const utm: Utm = {};
    for (const key of UTM_KEYS) {
      const value = (parsed as Record<string, unknown>)[key];
      if (typeof value === "string" && value) utm[key] = value.slice(0, MAX_UTM_CHARS);
    }
    return Object.keys(utm).length ? utm : undefined;
  } catch {
    return undefined;
  }
}
