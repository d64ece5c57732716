/**
 * The visitor's consent, shared by the browser (which stores it) and the
 * server (which reads the cookie mirror before storing analytics).
 */
export interface ConsentState {
  analytics: boolean;
  marketing: boolean;
  functional: true;
  hasConsented: boolean;
  /** Epoch milliseconds of the choice; null until the visitor has chosen. */
  timestamp: number | null;
}

export interface ConsentChoice {
  analytics: boolean;
  marketing: boolean;
}

/** localStorage key holding the choice in the browser. */
export const CONSENT_STORAGE_KEY = "cookie_consent";
/** Cookie mirroring the choice, so that the server knows it too. */
export const CONSENT_COOKIE = "cookie_consent";
/** A choice is asked again after one year. */
export const CONSENT_LIFETIME_MS = 31_536_000_000;
export const CONSENT_COOKIE_MAX_AGE_SEC = CONSENT_LIFETIME_MS / 1000;
/** Clocks disagree a little; a timestamp further ahead than this was not written by us. */
const FUTURE_TOLERANCE_MS = 24 * 3600 * 1000;

export const DEFAULT_CONSENT: ConsentState = {
  analytics: false,
  marketing: false,
  functional: true,
  hasConsented: false,
  timestamp: null,
};

/**
 * The shape of a stored choice. Checked by hand rather than with zod: this
 * module ships with every page, and four fields do not justify the ~20 kB
 * that zod would add to each page's JavaScript.
 */
function isStoredChoice(raw: unknown): raw is ConsentChoice & { hasConsented: true; timestamp: number } {
  if (typeof raw !== "object" || raw === null) return false;
  const r = raw as Record<string, unknown>;
  return (
    typeof r.analytics === "boolean" &&
    typeof r.marketing === "boolean" &&
    r.hasConsented === true &&
    typeof r.timestamp === "number" &&
    Number.isFinite(r.timestamp)
  );
}

/**
 * A stored choice, or null when there is none, it is malformed, or it is more
 * than a year old (then the visitor is asked again with the defaults).
 */
export function parseConsent(raw: unknown, now = Date.now()): ConsentState | null {
  if (!isStoredChoice(raw)) return null;
  const { analytics, marketing, timestamp } = raw;
  if (now - timestamp > CONSENT_LIFETIME_MS || timestamp - now > FUTURE_TOLERANCE_MS) return null;
  return { analytics, marketing, functional: true, hasConsented: true, timestamp };
}

export function chooseConsent(choice: ConsentChoice, now = Date.now()): ConsentState {
  return { analytics: choice.analytics, marketing: choice.marketing, functional: true, hasConsented: true, timestamp: now };
}

export type ConsentLevel = "all" | "custom" | "essential";

/** What the floating button shows: green for all, yellow for a mix, red for essential only. */
export function consentLevel(state: ConsentChoice): ConsentLevel {
  if (state.analytics && state.marketing) return "all";
  if (!state.analytics && !state.marketing) return "essential";
  return "custom";
}

export function serializeConsent(state: ConsentState): string {
  const { analytics, marketing, functional, hasConsented, timestamp } = state;
  return JSON.stringify({ analytics, marketing, functional, hasConsented, timestamp });
}

/** The cookie mirror as the server receives it (URI-encoded JSON), or null. */
export function parseConsentCookie(value: string | undefined, now = Date.now()): ConsentState | null {
  if (!value) return null;
  try {
    const text = value.startsWith("{") ? value : decodeURIComponent(value);
    return parseConsent(JSON.parse(text), now);
  } catch {
    return null;
  }
}
