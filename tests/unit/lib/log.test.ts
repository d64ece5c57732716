/** @jest-environment node */
import { redact } from "@/lib/log";

describe("log redaction", () => {
  it("replaces values under secret-looking keys at any depth", () => {
    expect(
      redact({ user: "u1", headers: { Authorization: "Bearer abc" }, nested: { apiKey: "k", list: [{ password: "p" }] } }),
    ).toEqual({ user: "u1", headers: "[redacted]", nested: { apiKey: "[redacted]", list: [{ password: "[redacted]" }] } });
  });

  it("keeps errors readable without their internals", () => {
    expect(redact({ err: new TypeError("boom") })).toEqual({ err: { name: "TypeError", message: "boom" } });
  });
});
