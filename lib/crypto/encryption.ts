import "server-only";
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import { serverSecrets } from "../secrets";

/**
 * Secrets at rest (header values, webhook secrets): AES-256-GCM with the
 * operator's ENCRYPTION_KEY, in base64url parts joined by dots.
 *
 * - `v2.<key id>.<iv>.<tag>.<ciphertext>`, written now. The key id names the
 *   key that sealed it (ENCRYPTION_KEY or, while rotating,
 *   ENCRYPTION_KEY_PREVIOUS), and the associated data binds it to the row and
 *   field it is stored in (lib/crypto/contexts.ts): a value copied into
 *   another row or column no longer opens.
 * - `v1.<iv>.<tag>.<ciphertext>`, written before: no key id and no associated
 *   data. Still read (with either key); `npm run reencrypt` rewrites them.
 */

const VERSION = "v2";
const LEGACY = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The keys a value may be sealed with: new values use `current`. */
export interface Keyring {
  current: Buffer;
  previous?: Buffer;
}

export function configuredKeyring(): Keyring {
  const s = serverSecrets();
  return { current: s.encryptionKey, previous: s.encryptionKeyPrevious };
}

/**
 * A short public fingerprint of a key. Derived with the key itself as the
 * HMAC key, so it tells which key sealed a value and nothing about the key.
 */
export function keyId(key: Buffer): string {
  return createHmac("sha256", key).update("mcp-console encryption key id").digest().subarray(0, 6).toString("base64url");
}

export type DecryptionFailure =
  /** Not a value this code wrote. */
  | "format"
  /** Sealed with a key that is neither ENCRYPTION_KEY nor ENCRYPTION_KEY_PREVIOUS. */
  | "unknown_key"
  /** The key is known but the value does not open: tampered, or copied from another row or field. */
  | "mismatch";

export class DecryptionError extends Error {
  constructor(
    readonly reason: DecryptionFailure,
    message: string,
  ) {
    super(message);
    this.name = "DecryptionError";
  }
}

const badFormat = () => new DecryptionError("format", "Not an encrypted value of a known format.");
const unknownKey = (id?: string) =>
  new DecryptionError(
    "unknown_key",
    `A stored secret was encrypted with ${id ? `a key (id ${id})` : "a key"} that is neither ENCRYPTION_KEY nor ENCRYPTION_KEY_PREVIOUS: the operator must configure the key it was encrypted with (as ENCRYPTION_KEY_PREVIOUS while rotating).`,
  );

const aad = (id: string, context: string) => Buffer.from(`${VERSION}.${id}.${context}`, "utf8");

/** Seals `plaintext` under the current key, bound to `context` (the row and field it is stored in). */
export function encrypt(plaintext: string, context: string, keys: Keyring = configuredKeyring()): string {
  const id = keyId(keys.current);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keys.current, iv);
  cipher.setAAD(aad(id, context));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, id, ...[iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString("base64url"))].join(".");
}

function open(key: Buffer, iv: string, tag: string, ciphertext: string, associated?: Buffer): string | undefined {
  const ivBytes = Buffer.from(iv, "base64url");
  const tagBytes = Buffer.from(tag, "base64url");
  if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) throw badFormat();
  const decipher = createDecipheriv("aes-256-gcm", key, ivBytes);
  decipher.setAuthTag(tagBytes);
  if (associated) decipher.setAAD(associated);
  try {
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    // GCM's tag check failed: never a partial plaintext.
    return undefined;
  }
}

/** Opens a value sealed by `encrypt` for the same `context`, with whichever configured key sealed it. */
export function decrypt(token: string, context: string, keys: Keyring = configuredKeyring()): string {
  const parts = token.split(".");
  if (parts[0] === VERSION && parts.length === 5) {
    const [, id, iv, tag, ciphertext] = parts;
    const key = [keys.current, keys.previous].find((k) => k && keyId(k) === id);
    if (!key) throw unknownKey(id);
    const plaintext = open(key, iv, tag, ciphertext, aad(id, context));
    if (plaintext === undefined) {
      throw new DecryptionError("mismatch", "A stored secret does not open: it was altered, or copied from another record.");
    }
    return plaintext;
  }
  if (parts[0] === LEGACY && parts.length === 4) {
    const [, iv, tag, ciphertext] = parts;
    for (const key of [keys.current, keys.previous]) {
      const plaintext = key && open(key, iv, tag, ciphertext);
      if (plaintext !== undefined) return plaintext;
    }
    throw unknownKey();
  }
  throw badFormat();
}

/** Whether a value is already in the current format under the current key (nothing for `npm run reencrypt` to do). */
export function isCurrent(token: string, keys: Keyring = configuredKeyring()): boolean {
  return token.startsWith(`${VERSION}.${keyId(keys.current)}.`);
}
