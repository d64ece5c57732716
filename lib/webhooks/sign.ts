import { createHmac, randomBytes } from "node:crypto";

/**
 * Webhook signatures. The receiver recomputes HMAC-SHA256 over the exact
 * body bytes with its signing secret and compares; the body carries its own
 * `sentAt`, so a replayed delivery is recognisable even though the timestamp
 * header is not itself part of the signature.
 */

export const SIGNATURE_HEADER = "X-MCP-Console-Signature";
export const TIMESTAMP_HEADER = "X-MCP-Console-Timestamp";
export const EVENT_HEADER = "X-MCP-Console-Event";
const SECRET_PREFIX = "whsec_";

export function newSigningSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString("base64url");
}

export function signature(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
}

export interface SignedDelivery {
  body: string;
  headers: Record<string, string>;
}

/** The body and headers of one delivery of `event`. */
export function signDelivery(event: string, data: Record<string, unknown>, secret: string, now = new Date()): SignedDelivery {
  const body = JSON.stringify({ event, sentAt: now.toISOString(), data });
  return {
    body,
    headers: {
      "content-type": "application/json",
      "user-agent": "MCP-Console-Webhooks/1",
      [EVENT_HEADER]: event,
      [TIMESTAMP_HEADER]: String(Math.floor(now.getTime() / 1000)),
      [SIGNATURE_HEADER]: signature(body, secret),
    },
  };
}
