import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Webhook signatures, in the style of Stripe's: the header
 * `X-MCP-Console-Signature: t=<unix seconds>,v1=<hex>` where the hex is
 * HMAC-SHA256, keyed with the signing secret, of `"<t>.<raw body>"`. The
 * timestamp is inside what is signed, so a receiver that refuses old
 * timestamps refuses replays; each attempt of a delivery is signed afresh.
 */

export const SIGNATURE_HEADER = "X-MCP-Console-Signature";
export const EVENT_HEADER = "X-MCP-Console-Event";
export const DELIVERY_HEADER = "X-MCP-Console-Delivery";
/** How far a receiver should let a signature's time be from its own clock. */
export const SIGNATURE_TOLERANCE_SEC = 300;
const SECRET_PREFIX = "whsec_";

export function newSigningSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString("base64url");
}

const hmac = (secret: string, timestamp: number, body: string) => createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex");

/** The signature header's value for `body` sent at `now`. */
export function signatureHeader(body: string, secret: string, now = new Date()): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${hmac(secret, t, body)}`;
}

export type VerifyResult = { ok: true; timestamp: number } | { ok: false; reason: "malformed" | "expired" | "mismatch" };

/**
 * What a receiver does with a delivery: parse the header, refuse a timestamp
 * further than `toleranceSec` from `now` (a replay, or a clock far off), and
 * compare the HMAC of the raw body in constant time. Any `v1` entry may match,
 * so a sender can sign with two secrets while rotating.
 */
export function verifySignature(
  body: string,
  header: string | null | undefined,
  secret: string,
  { now = new Date(), toleranceSec = SIGNATURE_TOLERANCE_SEC }: { now?: Date; toleranceSec?: number } = {},
): VerifyResult {
  if (!header) return { ok: false, reason: "malformed" };
  let timestamp: number | null = null;
  const candidates: string[] = [];
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === "t" && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === "v1" && /^[0-9a-f]{64}$/.test(value)) candidates.push(value);
  }
  if (timestamp === null || candidates.length === 0) return { ok: false, reason: "malformed" };
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSec) return { ok: false, reason: "expired" };
  const expected = Buffer.from(hmac(secret, timestamp, body), "hex");
  const matches = candidates.some((c) => timingSafeEqual(expected, Buffer.from(c, "hex")));
  return matches ? { ok: true, timestamp } : { ok: false, reason: "mismatch" };
}
