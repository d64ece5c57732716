import { CONSENT_LIFETIME_MS, CONSENT_STORAGE_KEY } from "@/lib/consent/consent";
import { getConsent, hasAnalyticsConsent, resetConsentCache, saveConsent, subscribeConsent } from "@/lib/consent/store";

function cookieValue(name: string) {
  const found = document.cookie.split("; ").find((c) => c.startsWith(`${name}=`));
  return found ? decodeURIComponent(found.slice(name.length + 1)) : undefined;
}

function clearCookie() {
  document.cookie = "cookie_consent=; Max-Age=0; Path=/";
}

beforeEach(() => {
  localStorage.clear();
  clearCookie();
  resetConsentCache();
});

describe("the browser's consent store", () => {
  it("starts with the defaults and no analytics", () => {
    expect(getConsent()).toMatchObject({ analytics: false, marketing: false, functional: true, hasConsented: false });
    expect(hasAnalyticsConsent()).toBe(false);
  });

  it("saves a choice to localStorage and mirrors it in the cookie, and tells subscribers", () => {
    const listener = jest.fn();
    const unsubscribe = subscribeConsent(listener);
    const saved = saveConsent({ analytics: true, marketing: false });
    unsubscribe();

    expect(listener).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY)!)).toEqual({
      analytics: true,
      marketing: false,
      functional: true,
      hasConsented: true,
      timestamp: saved.timestamp,
    });
    expect(JSON.parse(cookieValue("cookie_consent")!)).toMatchObject({ analytics: true, marketing: false, hasConsented: true });
    expect(hasAnalyticsConsent()).toBe(true);
  });

  it("reads a stored choice back on the next page", () => {
    saveConsent({ analytics: false, marketing: true });
    resetConsentCache();
    expect(getConsent()).toMatchObject({ analytics: false, marketing: true, hasConsented: true });
  });

  it("forgets a choice older than one year: defaults again, storage and cookie removed", () => {
    const old = { analytics: true, marketing: true, functional: true, hasConsented: true, timestamp: Date.now() - CONSENT_LIFETIME_MS - 60_000 };
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(old));
    document.cookie = `cookie_consent=${encodeURIComponent(JSON.stringify(old))}; Path=/`;

    expect(getConsent()).toMatchObject({ analytics: false, marketing: false, hasConsented: false });
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBeNull();
    expect(cookieValue("cookie_consent")).toBeUndefined();
  });

  it("rewrites a missing cookie from the stored choice, so the server knows it again", () => {
    saveConsent({ analytics: true, marketing: true });
    clearCookie();
    resetConsentCache();
    getConsent();
    expect(JSON.parse(cookieValue("cookie_consent")!)).toMatchObject({ analytics: true, marketing: true });
  });

  it("ignores a corrupt stored value", () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, "{not json");
    expect(getConsent().hasConsented).toBe(false);
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBeNull();
  });
});
