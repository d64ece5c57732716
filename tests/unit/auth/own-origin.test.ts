/** @jest-environment node */
import { isOwnOrigin, reportRefusedOrigin } from "@/lib/auth/own-origin";

const local = { appUrl: "http://localhost:3000", localMode: true };

describe("isOwnOrigin", () => {
  it("trusts APP_URL's origin in every mode", () => {
    expect(isOwnOrigin("http://localhost:3000", local)).toBe(true);
    expect(isOwnOrigin("https://console.acme.dev", { appUrl: "https://console.acme.dev", localMode: false })).toBe(true);
  });

  it("in local mode, trusts the other loopback names of APP_URL's port", () => {
    expect(isOwnOrigin("http://127.0.0.1:3000", local)).toBe(true);
    expect(isOwnOrigin("http://[::1]:3000", local)).toBe(true);
    expect(isOwnOrigin("http://localhost:3000", { appUrl: "http://127.0.0.1:3000", localMode: true })).toBe(true);
  });

  it("in local mode, still refuses another port, another scheme, another host or a malformed origin", () => {
    expect(isOwnOrigin("http://127.0.0.1:3001", local)).toBe(false);
    expect(isOwnOrigin("http://127.0.0.1", local)).toBe(false);
    expect(isOwnOrigin("https://127.0.0.1:3000", local)).toBe(false);
    expect(isOwnOrigin("http://127.0.0.2:3000", local)).toBe(false);
    expect(isOwnOrigin("http://localhost.evil.example:3000", local)).toBe(false);
    expect(isOwnOrigin("http://evil.example:3000", local)).toBe(false);
    expect(isOwnOrigin("http://127.0.0.1:3000/path", local)).toBe(false);
    expect(isOwnOrigin("http://user@127.0.0.1:3000", local)).toBe(false);
    expect(isOwnOrigin("null", local)).toBe(false);
  });

  it("in local mode with a non-loopback APP_URL, trusts only that origin", () => {
    const lan = { appUrl: "http://devbox.lan:3000", localMode: true };
    expect(isOwnOrigin("http://devbox.lan:3000", lan)).toBe(true);
    expect(isOwnOrigin("http://127.0.0.1:3000", lan)).toBe(false);
  });

  it("outside local mode, loopback names are not one origin", () => {
    const prod = { appUrl: "http://localhost:3000", localMode: false };
    expect(isOwnOrigin("http://localhost:3000", prod)).toBe(true);
    expect(isOwnOrigin("http://127.0.0.1:3000", prod)).toBe(false);
  });
});

describe("reportRefusedOrigin", () => {
  let lines: string[];
  let spy: jest.SpyInstance;
  const level = process.env.LOG_LEVEL;
  beforeEach(() => {
    // The test runner may silence logs; this test reads what is logged.
    process.env.LOG_LEVEL = "warn";
    lines = [];
    spy = jest.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
  });
  afterEach(() => {
    spy.mockRestore();
    if (level === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = level;
  });

  it("logs each refused origin once per process, with the APP_URL origin expected", () => {
    const prod = { appUrl: "https://console.acme.dev/" };
    reportRefusedOrigin("https://www.acme.dev", prod);
    reportRefusedOrigin("https://www.acme.dev", prod);
    reportRefusedOrigin("https://evil.example", prod);
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries).toEqual([
      expect.objectContaining({ level: "warn", origin: "https://www.acme.dev", expected: "https://console.acme.dev" }),
      expect.objectContaining({ level: "warn", origin: "https://evil.example", expected: "https://console.acme.dev" }),
    ]);
  });
});
