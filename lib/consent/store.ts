import { useSyncExternalStore } from "react";
import {
  CONSENT_COOKIE,
  CONSENT_COOKIE_MAX_AGE_SEC,
  CONSENT_STORAGE_KEY,
  DEFAULT_CONSENT,
  chooseConsent,
  parseConsent,
  serializeConsent,
  type ConsentChoice,
  type ConsentState,
} from "./consent";

/**
 * The browser's consent store. localStorage holds the choice; the cookie is
 * only its mirror for the server, rewritten whenever the two disagree.
 */

type Listener = () => void;

let snapshot: ConsentState | undefined;
const listeners = new Set<Listener>();
let watchingOtherTabs = false;

function writeCookie(state: ConsentState | null) {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = state
    ? `${CONSENT_COOKIE}=${encodeURIComponent(serializeConsent(state))}; Max-Age=${CONSENT_COOKIE_MAX_AGE_SEC}; Path=/; SameSite=Lax${secure}`
    : `${CONSENT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
}

function readCookieValue(): string | null {
  const prefix = `${CONSENT_COOKIE}=`;
  const found = document.cookie.split("; ").find((c) => c.startsWith(prefix));
  return found ? found.slice(prefix.length) : null;
}

function readStored(): ConsentState {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(CONSENT_STORAGE_KEY);
  } catch {
    // Storage disabled: every visit starts unconsented, which is the safe side.
  }
  let state: ConsentState | null = null;
  if (raw) {
    try {
      state = parseConsent(JSON.parse(raw));
    } catch {
      state = null;
    }
  }
  if (!state) {
    // Expired or corrupt: forget it everywhere, so the banner returns and the
    // server stops acting on an old choice.
    if (raw) {
      try {
        window.localStorage.removeItem(CONSENT_STORAGE_KEY);
      } catch {
        // Nothing stored that we could remove.
      }
    }
    if (readCookieValue() !== null) writeCookie(null);
    return DEFAULT_CONSENT;
  }
  if (readCookieValue() !== encodeURIComponent(serializeConsent(state))) writeCookie(state);
  return state;
}

function emit() {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent) {
  if (event.key !== CONSENT_STORAGE_KEY && event.key !== null) return;
  snapshot = readStored();
  emit();
}

export function getConsent(): ConsentState {
  if (typeof window === "undefined") return DEFAULT_CONSENT;
  snapshot ??= readStored();
  return snapshot;
}

export function subscribeConsent(listener: Listener): () => void {
  listeners.add(listener);
  if (!watchingOtherTabs && typeof window !== "undefined") {
    // A choice made in another tab applies here too.
    window.addEventListener("storage", onStorage);
    watchingOtherTabs = true;
  }
  return () => {
    listeners.delete(listener);
  };
}

/** Records the visitor's choice (Accept, Reject or Save) with the current time. */
export function saveConsent(choice: ConsentChoice): ConsentState {
  const state = chooseConsent(choice);
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, serializeConsent(state));
  } catch {
    // Without storage the choice lasts for this page only; the cookie still tells the server.
  }
  writeCookie(state);
  snapshot = state;
  emit();
  return state;
}

export function hasAnalyticsConsent(): boolean {
  return getConsent().analytics;
}

/** Forgets the cached reading (tests, and after storage was changed behind our back). */
export function resetConsentCache(): void {
  snapshot = undefined;
}

const serverSnapshot = () => null;

/** The consent state, or null while rendering on the server and hydrating (unknown there). */
export function useConsent(): ConsentState | null {
  return useSyncExternalStore(subscribeConsent, getConsent, serverSnapshot);
}
