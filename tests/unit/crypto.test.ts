/** @jest-environment node */
import { createCipheriv, randomBytes } from "node:crypto";
import { secretContext } from "@/lib/crypto/contexts";
import { decrypt, DecryptionError, encrypt, isCurrent, keyId, type Keyring } from "@/lib/crypto/encryption";
import { hintOf, mask, maskedFromHint } from "@/lib/crypto/mask";

const keys: Keyring = { current: randomBytes(32) };
const serverA = "0b6d3c1e-8f5e-4f57-9d2a-1a2b3c4d5e6f";
const serverB = "9c1e2d3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f";
const here = secretContext.serverHeader(serverA, "Authorization");

/** A value as the previous version of this code sealed it: `v1.<iv>.<tag>.<ciphertext>`, no key id, no associated data. */
function sealedTheOldWay(plaintext: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", ...[iv, cipher.getAuthTag(), data].map((b) => b.toString("base64url"))].join(".");
}

describe("encryption at rest", () => {
  it("round-trips any text, including long and non-ASCII values", () => {
    for (const value of ["Bearer sk-live-1234567890abcdef", "", "ü€𝄞 token", "x".repeat(4096)]) {
      expect(decrypt(encrypt(value, here, keys), here, keys)).toBe(value);
    }
  });

  it("writes a versioned token naming its key, never containing the plaintext, with a fresh IV each time", () => {
    const secret = "Bearer super-secret-value";
    const a = encrypt(secret, here, keys);
    const b = encrypt(secret, here, keys);
    expect(a.startsWith(`v2.${keyId(keys.current)}.`)).toBe(true);
    expect(a).toMatch(/^v2(\.[\w-]+){4}$/);
    expect(a).not.toContain("super-secret");
    expect(a).not.toBe(b);
    expect(isCurrent(a, keys)).toBe(true);
  });

  it("does not open a value copied into another row or field", () => {
    const token = encrypt("Bearer of-server-a", here, keys);
    for (const elsewhere of [
      secretContext.serverHeader(serverB, "Authorization"),
      secretContext.serverHeader(serverA, "X-Api-Key"),
      secretContext.webhookSecret(serverA),
    ]) {
      expect(() => decrypt(token, elsewhere, keys)).toThrow(expect.objectContaining({ reason: "mismatch" }));
    }
    // The header's name is matched without case, as the server's headers are.
    expect(decrypt(token, secretContext.serverHeader(serverA, "authorization"), keys)).toBe("Bearer of-server-a");
  });

  it("opens values sealed with ENCRYPTION_KEY_PREVIOUS while rotating, and names a key it does not know", () => {
    const old = randomBytes(32);
    const token = encrypt("Bearer from-before", here, { current: old });
    const rotating: Keyring = { current: keys.current, previous: old };
    expect(decrypt(token, here, rotating)).toBe("Bearer from-before");
    expect(isCurrent(token, rotating)).toBe(false);

    let thrown: unknown;
    try {
      decrypt(token, here, keys);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(DecryptionError);
    expect(thrown).toMatchObject({ reason: "unknown_key" });
    expect((thrown as Error).message).toContain(`key (id ${keyId(old)}) that is neither ENCRYPTION_KEY nor ENCRYPTION_KEY_PREVIOUS`);
  });

  it("still opens values stored in the old format, with either key, and counts them as due for re-encryption", () => {
    const old = randomBytes(32);
    expect(decrypt(sealedTheOldWay("Bearer legacy", keys.current), here, keys)).toBe("Bearer legacy");
    const underOld = sealedTheOldWay("Bearer legacy-old-key", old);
    expect(decrypt(underOld, here, { current: keys.current, previous: old })).toBe("Bearer legacy-old-key");
    expect(isCurrent(underOld, { current: old })).toBe(false);
    expect(() => decrypt(underOld, here, keys)).toThrow(expect.objectContaining({ reason: "unknown_key" }));
  });

  it("refuses a tampered token and unknown formats", () => {
    const token = encrypt("Bearer abc", here, keys);
    const [v, id, iv, tag, data] = token.split(".");
    const flipped = Buffer.from(data, "base64url");
    flipped[0] ^= 1;
    expect(() => decrypt([v, id, iv, tag, flipped.toString("base64url")].join("."), here, keys)).toThrow(
      expect.objectContaining({ reason: "mismatch" }),
    );
    expect(() => decrypt(`v3.${id}.${iv}.${tag}.${data}`, here, keys)).toThrow("known format");
    expect(() => decrypt(`v2.${id}.${iv}.${tag}`, here, keys)).toThrow("known format");
    expect(() => decrypt("plain text", here, keys)).toThrow(DecryptionError);
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
