/** @jest-environment node */
import { randomBytes } from "node:crypto";
import { decrypt, DecryptionError, encrypt } from "@/lib/crypto/encryption";
import { hintOf, mask, maskedFromHint } from "@/lib/crypto/mask";

const key = randomBytes(32);

describe("encryption at rest", () => {
  it("round-trips any text, including long and non-ASCII values", () => {
    for (const value of ["Bearer sk-live-1234567890abcdef", "", "ü€𝄞 token", "x".repeat(4096)]) {
      expect(decrypt(encrypt(value, key), key)).toBe(value);
    }
  });

  it("writes a versioned token that never contains the plaintext, with a fresh IV each time", () => {
    const secret = "Bearer super-secret-value";
    const a = encrypt(secret, key);
    const b = encrypt(secret, key);
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a).not.toContain("super-secret");
    expect(a).not.toBe(b);
  });

  it("refuses a tampered token, another key and unknown formats", () => {
    const token = encrypt("Bearer abc", key);
    const [v, iv, tag, data] = token.split(".");
    const flipped = Buffer.from(data, "base64url");
    flipped[0] ^= 1;
    expect(() => decrypt([v, iv, tag, flipped.toString("base64url")].join("."), key)).toThrow(DecryptionError);
    expect(() => decrypt(token, randomBytes(32))).toThrow("cannot be decrypted with the configured ENCRYPTION_KEY");
    expect(() => decrypt(`v2.${iv}.${tag}.${data}`, key)).toThrow("known format");
    expect(() => decrypt("plain text", key)).toThrow(DecryptionError);
  });
});

describe("masking", () => {
  it("shows the last four characters only of values of at least 12 characters", () => {
    expect(mask("Bearer abcdefgh1234")).toBe("••••••••1234");
    expect(mask("abcdefghijkl")).toBe("••••••••ijkl");
    expect(mask("abcdefghijk")).toBe("••••••••");
    expect(mask("")).toBe("••••••••");
  });

  it("keeps only the hint next to the ciphertext", () => {
    expect(hintOf("short")).toBe("");
    expect(hintOf("a-long-api-key-XYZW")).toBe("XYZW");
    expect(maskedFromHint("XYZW")).toBe("••••••••XYZW");
  });
});
