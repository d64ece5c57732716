import { authErrorMessage, providerErrorCode } from "@/lib/auth/provider-errors";

/** The provider codes the sign-in flows handle. */
const SEED_CODES = [
  "auth/popup-closed-by-user",
  "auth/password-does-not-meet-requirements",
  "auth/popup-blocked",
  "auth/cancelled-popup-request",
  "auth/unauthorized-domain",
  "auth/network-request-failed",
  "auth/web-storage-unsupported",
  "auth/operation-not-supported-in-this-environment",
  "auth/invalid-api-key",
  "auth/auth-domain-config-required",
  "auth/internal-error",
];

function providerError(code: string) {
  return Object.assign(new Error(`Firebase: Error (${code}).`), { code });
}

describe("authErrorMessage", () => {
  it.each(SEED_CODES)("has a human message for %s", (code) => {
    const message = authErrorMessage(providerError(code));
    expect(message.trim()).not.toBe("");
    expect(message).not.toContain("Firebase");
    expect(message).not.toContain(code);
  });

  it("gives each handled code its own message", () => {
    const messages = SEED_CODES.map((code) => authErrorMessage(providerError(code)));
    expect(new Set(messages).size).toBe(SEED_CODES.length);
  });

  it("falls back to a generic message for unknown provider errors", () => {
    expect(authErrorMessage(providerError("auth/something-new"))).toBe("Something went wrong while signing in. Try again.");
  });

  it("passes our own plain errors through", () => {
    expect(authErrorMessage(new Error("Missing required user data for backend sync"))).toBe(
      "Missing required user data for backend sync",
    );
  });
});

describe("providerErrorCode", () => {
  it("reads the code, if any", () => {
    expect(providerErrorCode(providerError("auth/popup-blocked"))).toBe("auth/popup-blocked");
    expect(providerErrorCode(new Error("x"))).toBeUndefined();
    expect(providerErrorCode(null)).toBeUndefined();
  });
});
