import { randomInt } from "node:crypto";

/**
 * Credentials in their issuers' formats, made up at random for each run: no
 * real key sits in the repository, and no test passes on one fixed string.
 */

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const UPPER_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const BASE64 = `${ALNUM}+/`;

export function randomOf(alphabet: string, length: number): string {
  let out = "";
  while (out.length < length) {
    const c = alphabet[randomInt(alphabet.length)];
    // Never a run a placeholder would have (the guard skips `xxxxxx`).
    if (out.length >= 2 && out.at(-1) === c && out.at(-2) === c) continue;
    out += c;
  }
  return out;
}

export const fakeSecrets = () => ({
  github: `ghp_${randomOf(ALNUM, 36)}`,
  awsKeyId: `AKIA${randomOf(UPPER_DIGITS, 16)}`,
  awsSecret: randomOf(BASE64, 40),
  stripe: `sk_live_${randomOf(ALNUM, 24)}`,
  slack: `xoxb-${randomOf("0123456789", 12)}-${randomOf(ALNUM, 24)}`,
  dbPassword: randomOf(ALNUM, 18),
  privateKey: ["-----BEGIN RSA PRIVATE KEY-----", ...Array.from({ length: 4 }, () => randomOf(BASE64, 64)), "-----END RSA PRIVATE KEY-----"].join("\n"),
});
