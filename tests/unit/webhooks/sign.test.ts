/** @jest-environment node */
import { createHmac } from "node:crypto";
import { newSigningSecret, signatureHeader, verifySignature } from "@/lib/webhooks/sign";

const body = JSON.stringify({ id: "d1", event: "incident.opened", server: { id: "s1", name: "Alpha" } });
const at = new Date("2025-06-01T10:00:00.000Z");
const secs = (n: number) => new Date(at.getTime() + n * 1000);

describe("webhook signing", () => {
  it("makes long random secrets", () => {
    const a = newSigningSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newSigningSecret()).not.toBe(a);
  });

  it("signs the timestamp and the exact body, as t=<unix>,v1=<hex>", () => {
    const secret = newSigningSecret();
    const header = signatureHeader(body, secret, at);
    // What any receiver can recompute with its copy of the secret, without this code.
    const expected = createHmac("sha256", secret).update(`1748772000.${body}`).digest("hex");
    expect(header).toBe(`t=1748772000,v1=${expected}`);
  });

  it("verifies a fresh delivery and refuses a changed body, another secret or a garbled header", () => {
    const secret = newSigningSecret();
    const header = signatureHeader(body, secret, at);
    expect(verifySignature(body, header, secret, { now: secs(10) })).toEqual({ ok: true, timestamp: 1748772000 });
    expect(verifySignature(body.replace("Alpha", "Alphb"), header, secret, { now: at })).toEqual({ ok: false, reason: "mismatch" });
    expect(verifySignature(body, header, newSigningSecret(), { now: at })).toEqual({ ok: false, reason: "mismatch" });
    for (const bad of [undefined, "", "sha256=abc", "t=1748772000", `v1=${"0".repeat(64)}`, "t=soon,v1=zz"]) {
      expect(verifySignature(body, bad, secret, { now: at })).toEqual({ ok: false, reason: "malformed" });
    }
  });

  it("refuses a replay: a timestamp more than five minutes from the receiver's clock, either way", () => {
    const secret = newSigningSecret();
    const header = signatureHeader(body, secret, at);
    expect(verifySignature(body, header, secret, { now: secs(300) }).ok).toBe(true);
    expect(verifySignature(body, header, secret, { now: secs(301) })).toEqual({ ok: false, reason: "expired" });
    expect(verifySignature(body, header, secret, { now: secs(-301) })).toEqual({ ok: false, reason: "expired" });
    expect(verifySignature(body, header, secret, { now: secs(3600), toleranceSec: 7200 }).ok).toBe(true);
  });

  it("cannot be replayed with a new timestamp: the timestamp is part of what is signed", () => {
    const secret = newSigningSecret();
    const old = signatureHeader(body, secret, at);
    const forged = old.replace("t=1748772000", `t=${1748772000 + 3600}`);
    expect(verifySignature(body, forged, secret, { now: secs(3600) })).toEqual({ ok: false, reason: "mismatch" });
  });

  it("accepts any of several v1 signatures, for a sender that signs with two secrets while rotating", () => {
    const [oldSecret, newSecret] = [newSigningSecret(), newSigningSecret()];
    const v1 = (s: string) => signatureHeader(body, s, at).split(",")[1];
    const header = `t=1748772000,${v1(oldSecret)},${v1(newSecret)}`;
    expect(verifySignature(body, header, newSecret, { now: at }).ok).toBe(true);
    expect(verifySignature(body, header, oldSecret, { now: at }).ok).toBe(true);
  });
});
