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
    const stored = localSecrets(path.resolve(e.dataDir, FILE));
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

/**
 * The data folder's secrets, created by whichever process comes first. Two
 * instances starting together on one folder (two processes of a local
 * deployment, or a test's pair behind a balancer) must end on the same
 * secrets: the file is written whole under another name and linked into
 * place, which fails if it is already there, and then the winner's is read.
 */
function localSecrets(file: string): { sessionSecret: string; encryptionKey: string } {
  const read = () => {
    const text = fs.readFileSync(file, "utf8");
    try {
      return JSON.parse(text) as { sessionSecret: string; encryptionKey: string };
    } catch {
      // Never replaced: a new key would leave every secret the old one sealed unreadable.
      throw new Error(`${file} is not the JSON the console wrote: restore it from a backup, or set SESSION_SECRET and ENCRYPTION_KEY`);
    }
  };
  try {
    return read();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  const fresh = { sessionSecret: randomBytes(32).toString("base64url"), encryptionKey: randomBytes(32).toString("base64") };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  fs.writeFileSync(draft, JSON.stringify(fresh), { mode: 0o600, flag: "wx" });
  try {
    fs.linkSync(draft, file);
    return fresh;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    return read();
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

let cached: ServerSecrets | undefined;
export function serverSecrets(): ServerSecrets {
  cached ??= load();
  return cached;
}
