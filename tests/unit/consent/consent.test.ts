/** @jest-environment node */
import {
  CONSENT_LIFETIME_MS,
  DEFAULT_CONSENT,
  chooseConsent,
  consentLevel,
  parseConsent,
  parseConsentCookie,
  serializeConsent,
} from "@/lib/consent/consent";

const NOW = 1_780_000_000_000;

describe("consent state", () => {
  it("starts with nothing optional, functional on, not consented", () => {
    expect(DEFAULT_CONSENT).toEqual({ analytics: false, marketing: false, functional: true, hasConsented: false, timestamp: null });
    expect(CONSENT_LIFETIME_MS).toBe(31_536_000_000);
  });

  it("a choice records hasConsented and the time, and keeps functional on", () => {
    expect(chooseConsent({ analytics: true, marketing: false }, NOW)).toEqual({
      analytics: true,
      marketing: false,
      functional: true,
      hasConsented: true,
      timestamp: NOW,
    });
  });

  it("reads back a stored choice made within the year", () => {
    const stored = JSON.parse(serializeConsent(chooseConsent({ analytics: false, marketing: true }, NOW - 1000)));
    expect(parseConsent(stored, NOW)).toEqual({ analytics: false, marketing: true, functional: true, hasConsented: true, timestamp: NOW - 1000 });
    expect(parseConsent({ ...stored, timestamp: NOW - CONSENT_LIFETIME_MS }, NOW)).not.toBeNull();
  });

  it("treats a choice older than one year as no choice at all", () => {
    const stored = { analytics: true, marketing: true, functional: true, hasConsented: true, timestamp: NOW - CONSENT_LIFETIME_MS - 1 };
    expect(parseConsent(stored, NOW)).toBeNull();
  });

  it("refuses malformed or forged values", () => {
    for (const bad of [
      null,
      "yes",
      { analytics: "true", marketing: false, hasConsented: true, timestamp: NOW },
      { analytics: true, marketing: false, hasConsented: false, timestamp: NOW },
      { analytics: true, marketing: false, hasConsented: true },
      { analytics: true, marketing: false, hasConsented: true, timestamp: NOW + 7 * 24 * 3600 * 1000 },
    ]) {
      expect(parseConsent(bad, NOW)).toBeNull();
    }
  });

  it("names the floating button's colour: all, custom or essential only", () => {
    expect(consentLevel({ analytics: true, marketing: true })).toBe("all");
    expect(consentLevel({ analytics: true, marketing: false })).toBe("custom");
    expect(consentLevel({ analytics: false, marketing: true })).toBe("custom");
    expect(consentLevel({ analytics: false, marketing: false })).toBe("essential");
  });

  it("parses the cookie mirror whether or not it arrives URI-encoded", () => {
    const json = serializeConsent(chooseConsent({ analytics: true, marketing: false }, NOW));
    expect(parseConsentCookie(encodeURIComponent(json), NOW)?.analytics).toBe(true);
    expect(parseConsentCookie(json, NOW)?.analytics).toBe(true);
    expect(parseConsentCookie(undefined, NOW)).toBeNull();
    expect(parseConsentCookie("%7Bnot json", NOW)).toBeNull();
    expect(parseConsentCookie(encodeURIComponent(json), NOW + CONSENT_LIFETIME_MS + 1)).toBeNull();
  });
});
