/** @jest-environment node */
import { configurationWarnings, EnvError, parseEnv } from "@/lib/env";

describe("parseEnv", () => {
  it("needs no configuration at all in local mode", () => {
    const e = parseEnv({});
    expect(e).toMatchObject({
      localMode: true,
      port: 3000,
      appUrl: "http://localhost:3000",
      dataDir: "./data",
      authEmulatorHost: "127.0.0.1:9099",
      firebase: { apiKey: "demo-api-key", projectId: "demo-mcp-console", authDomain: "demo-mcp-console.firebaseapp.com" },
    });
    expect(e.databaseUrl).toBeUndefined();
  });

  it("names every malformed variable at once", () => {
    let error: EnvError | undefined;
    try {
      parseEnv({ PORT: "eighty", DATABASE_URL: "mysql://x", SESSION_SECRET: "short", FIREBASE_API_KEY: "a:b", ADMIN_EMAILS: "a@x.io, nope" });
    } catch (e) {
      error = e as EnvError;
    }
    expect(error).toBeInstanceOf(EnvError);
    const text = error!.message;
    expect(text).toMatch(/PORT:/);
    expect(text).toMatch(/DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/);
    expect(text).toMatch(/SESSION_SECRET: must be at least 32 characters/);
    expect(text).toMatch(/FIREBASE_API_KEY: must not contain a colon/);
    expect(text).toMatch(/ADMIN_EMAILS/);
  });

  it("refuses to start in production with a real identity project but no secrets", () => {
    expect(() => parseEnv({ NODE_ENV: "production", FIREBASE_PROJECT_ID: "acme-console" })).toThrow(
      /SESSION_SECRET: required in production[\s\S]*ENCRYPTION_KEY: required in production[\s\S]*FIREBASE_API_KEY[\s\S]*APP_URL/,
    );
  });

  it("accepts a complete production configuration", () => {
    const e = parseEnv({
      NODE_ENV: "production",
      FIREBASE_PROJECT_ID: "acme-console",
      FIREBASE_API_KEY: "AIzaSyExample",
      FIREBASE_AUTH_DOMAIN: "acme-console.firebaseapp.com",
      APP_URL: "https://console.acme.dev/",
      SESSION_SECRET: "x".repeat(40),
      ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
      DATABASE_URL: "postgres://u@db/console",
      ADMIN_EMAILS: "Ops@Acme.dev",
    });
    expect(e.localMode).toBe(false);
    expect(e.authEmulatorHost).toBeUndefined();
    expect(e.appUrl).toBe("https://console.acme.dev");
    expect(e.adminEmails).toEqual(["ops@acme.dev"]);
  });

  describe("a real deployment on the Auth Emulator", () => {
    const production = {
      NODE_ENV: "production",
      FIREBASE_PROJECT_ID: "acme-console",
      FIREBASE_API_KEY: "AIzaSyExample",
      FIREBASE_AUTH_DOMAIN: "acme-console.firebaseapp.com",
      APP_URL: "https://console.acme.dev/",
      SESSION_SECRET: "x".repeat(40),
      ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
      FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099",
    };

    it("refuses to start, since the emulator's tokens are not verified", () => {
      expect(() => parseEnv(production)).toThrow(/FIREBASE_AUTH_EMULATOR_HOST: not allowed with a real Firebase project/);
      expect(() => parseEnv({ ...production, NODE_ENV: "development" })).toThrow(/FIREBASE_AUTH_EMULATOR_HOST/);
    });

    it("starts when the operator allows it, with a warning", () => {
      const e = parseEnv({ ...production, AUTH_EMULATOR_IN_PRODUCTION: "allow" });
      expect(configurationWarnings(e)).toEqual([expect.stringMatching(/FIREBASE_AUTH_EMULATOR_HOST is set with a real Firebase project/)]);
      expect(() => parseEnv({ ...production, AUTH_EMULATOR_IN_PRODUCTION: "yes" })).toThrow(/AUTH_EMULATOR_IN_PRODUCTION: must be allow/);
    });

    it("is local mode's normal case, without a warning", () => {
      const e = parseEnv({ FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099", NODE_ENV: "production" });
      expect(configurationWarnings(e)).toEqual([]);
    });
  });

  it("warns when a production APP_URL is not https", () => {
    const e = parseEnv({
      NODE_ENV: "production",
      FIREBASE_PROJECT_ID: "acme-console",
      FIREBASE_API_KEY: "AIzaSyExample",
      FIREBASE_AUTH_DOMAIN: "acme-console.firebaseapp.com",
      APP_URL: "http://console.acme.dev",
      SESSION_SECRET: "x".repeat(40),
      ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
    });
    expect(configurationWarnings(e)).toEqual([expect.stringMatching(/APP_URL \(http:\/\/console.acme.dev\) is not https/)]);
  });

  it("reads TRUST_PROXY as a small whole number, 0 by default", () => {
    expect(parseEnv({}).trustProxy).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(() => parseEnv({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY/);
  });

  it("rejects an encryption key that is not 32 bytes", () => {
    expect(() => parseEnv({ ENCRYPTION_KEY: Buffer.alloc(16).toString("base64") })).toThrow(/ENCRYPTION_KEY: must be 32 bytes/);
  });

  it("reads ENCRYPTION_KEY_PREVIOUS for a rotation, validated like ENCRYPTION_KEY", () => {
    const previous = Buffer.alloc(32, 3).toString("base64");
    expect(parseEnv({ ENCRYPTION_KEY_PREVIOUS: previous }).encryptionKeyPrevious).toBe(previous);
    expect(parseEnv({}).encryptionKeyPrevious).toBeUndefined();
    expect(() => parseEnv({ ENCRYPTION_KEY_PREVIOUS: "too-short" })).toThrow(/ENCRYPTION_KEY_PREVIOUS: must be 32 bytes/);
  });

  it("reads the monitoring scheduler's settings, and refuses a lease too short for a check", () => {
    expect(parseEnv({}).monitor).toEqual({ scheduler: true, concurrency: 20, leaseSec: 60 });
    expect(parseEnv({ MONITOR_SCHEDULER: "false", MONITOR_CONCURRENCY: "8", MONITOR_LEASE_SEC: "30" }).monitor).toEqual({
      scheduler: false,
      concurrency: 8,
      leaseSec: 30,
    });
    expect(() => parseEnv({ MONITOR_LEASE_SEC: "5", MONITOR_CONCURRENCY: "0" })).toThrow(/MONITOR_CONCURRENCY[\s\S]*MONITOR_LEASE_SEC/);
  });

  it("bounds a gateway call's wait on a silent server under the clients' own 60 s, and refuses a bound of none", () => {
    expect(parseEnv({}).gatewayCallTimeoutMs).toBe(50_000);
    expect(parseEnv({ GATEWAY_CALL_TIMEOUT_SEC: "2" }).gatewayCallTimeoutMs).toBe(2_000);
    expect(() => parseEnv({ GATEWAY_CALL_TIMEOUT_SEC: "0" })).toThrow(/GATEWAY_CALL_TIMEOUT_SEC/);
  });

  it("reads INSTANCE_ID as the name recorded on checks, and refuses one with spaces or too long", () => {
    expect(parseEnv({}).instanceId).toBeUndefined();
    expect(parseEnv({ INSTANCE_ID: " " }).instanceId).toBeUndefined();
    expect(parseEnv({ INSTANCE_ID: " console-7f9c4-x2 " }).instanceId).toBe("console-7f9c4-x2");
    expect(() => parseEnv({ INSTANCE_ID: "pod one" })).toThrow(/INSTANCE_ID: must be printable ASCII without spaces/);
    expect(() => parseEnv({ INSTANCE_ID: "x".repeat(101) })).toThrow(/INSTANCE_ID: must be at most 100 characters/);
  });
});
