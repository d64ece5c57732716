import "server-only";
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { env } from "./env";

export interface ServerSecrets {
  sessionSecret: string;
  sessionSecretPrevious?: string;
  encryptionKey: Buffer;
  /** The key being rotated away from: still opens what it sealed (lib/crypto/encryption.ts). */
  encryptionKeyPrevious?: Buffer;
}

const FILE = "local-secrets.json";

/**
 * Secrets from the environment; in local mode, missing ones are generated
 * once and kept in the data folder, readable by the owner only, so a fresh
 * clone needs no configuration and sessions survive restarts.
 */
function load(): ServerSecrets {
  const e = env();
  let sessionSecret = e.sessionSecret;
  let encryptionKey = e.encryptionKey;
  if (!sessionSecret || !encryptionKey) {
    if (!e.localMode) throw new Error("SESSION_SECRET and ENCRYPTION_KEY are required outside local mode");
    const file = path.resolve(e.dataDir, FILE);
    let stored: { sessionSecret: string; encryptionKey: string };
    try {
      stored = JSON.parse(fs.readFileSync(file, "utf8"));
    } catch {
      stored = {
        sessionSecret: randomBytes(32).toString("base64url"),
        encryptionKey: randomBytes(32).toString("base64"),
      };
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify(stored), { mode: 0o600, flag: "w" });
    }
    sessionSecret ??= stored.sessionSecret;
    encryptionKey ??= stored.encryptionKey;
  }
  return {
    sessionSecret,
    sessionSecretPrevious: e.sessionSecretPrevious,
    encryptionKey: Buffer.from(encryptionKey, "base64"),
    encryptionKeyPrevious: e.encryptionKeyPrevious === undefined ? undefined : Buffer.from(e.encryptionKeyPrevious, "base64"),
  };
}

let cached: ServerSecrets | undefined;
export function serverSecrets(): ServerSecrets {
  cached ??= load();
  return cached;
}
