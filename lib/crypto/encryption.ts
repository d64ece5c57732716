import "server-only";
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { serverSecrets } from "../secrets";

/**
 * Secrets at rest (header values, webhook secrets): AES-256-GCM with the
 * operator's ENCRYPTION_KEY. A token is `v1.<iv>.<tag>.<ciphertext>` in
 * base64url; the version leaves room for another algorithm or key later.
 */

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class DecryptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DecryptionError";
  }
}

export function encrypt(plaintext: string, key: Buffer = serverSecrets().encryptionKey): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString("base64url"));
  return [VERSION, ...parts].join(".");
}

export function decrypt(token: string, key: Buffer = serverSecrets().encryptionKey): string {
  const [version, iv, tag, ciphertext, ...rest] = token.split(".");
  if (version !== VERSION || rest.length > 0 || ciphertext === undefined) {
    throw new DecryptionError("Not an encrypted value of a known format.");
  }
  const ivBytes = Buffer.from(iv, "base64url");
  const tagBytes = Buffer.from(tag, "base64url");
  if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) {
    throw new DecryptionError("Not an encrypted value of a known format.");
  }
  const decipher = createDecipheriv("aes-256-gcm", key, ivBytes);
  decipher.setAuthTag(tagBytes);
  try {
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    // GCM's tag check: a wrong key or a tampered value, never a partial plaintext.
    throw new DecryptionError("The value cannot be decrypted with the configured ENCRYPTION_KEY.");
  }
}
