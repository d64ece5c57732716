/** @jest-environment node */
import { createHmac, timingSafeEqual } from "node:crypto";
import { newSigningSecret, signDelivery, SIGNATURE_HEADER, TIMESTAMP_HEADER } from "@/lib/webhooks/sign";

/** What a receiver does: recompute the HMAC of the raw body with its copy of the secret. */
function verify(body: string, header: string, secret: string) {
  const expected = Buffer.from(`sha256=${createHmac("sha256", secret).update(body).digest("hex")}`);
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

describe("webhook signing", () => {
  it("makes long random secrets", () => {
    const a = newSigningSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newSigningSecret()).not.toBe(a);
  });

  it("signs the exact body, which carries the event and when it was sent", () => {
    const secret = newSigningSecret();
    const now = new Date("2025-06-01T10:00:00.000Z");
    const { body, headers } = signDelivery("monitor.down", { serverId: "s1", name: "Alpha" }, secret, now);
    expect(JSON.parse(body)).toEqual({ event: "monitor.down", sentAt: "2025-06-01T10:00:00.000Z", data: { serverId: "s1", name: "Alpha" } });
    expect(headers["content-type"]).toBe("application/json");
    expect(headers[TIMESTAMP_HEADER]).toBe("1748772000");
    expect(verify(body, headers[SIGNATURE_HEADER], secret)).toBe(true);
    expect(verify(body.replace("Alpha", "Alphb"), headers[SIGNATURE_HEADER], secret)).toBe(false);
    expect(verify(body, headers[SIGNATURE_HEADER], newSigningSecret())).toBe(false);
  });
});
