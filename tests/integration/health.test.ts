import { GET } from "@/app/api/health/route";
import { openDatabase } from "@/lib/db/database";
import { useDatabase } from "@/lib/db";
import { call } from "../support/http";
import { describeEachDatabase } from "../support/databases";
import { signIn, signInAdmin } from "../support/sign-in";

describeEachDatabase("GET /api/health", ({ handle }) => {
  it("answers 200 up, and tells an administrator which database answered and how fast", async () => {
    const res = await call(GET, "/api/health");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: "ok" });
    expect(res.headers.get("x-request-id")).toBeTruthy();
    const admin = await signInAdmin();
    const detailed = await call(GET, "/api/health", { cookie: admin.cookie });
    expect(detailed.json).toMatchObject({ status: "ok", database: { reachable: true, kind: handle().kind, latencyMs: expect.any(Number) } });
  });
});

describeEachDatabase("anonymous health answers", () => {
  it("tell an anonymous caller and an ordinary user whether the service is up, and nothing of how it runs; an administrator sees the warnings", async () => {
    const { env } = await import("@/lib/env");
    const admin = await signInAdmin();
    const user = await signIn();
    const before = { ...env() };
    Object.assign(env(), { localMode: false, authEmulatorInProduction: true });
    try {
      for (const headers of [{}, user.bearer]) {
        const res = await call(GET, "/api/health", { headers });
        expect(res.status).toBe(200);
        expect(res.json).toEqual({ status: "ok" });
        expect(res.text).not.toMatch(/emulator|verified|warning|pglite|postgres|latency/i);
      }
      const res = await call(GET, "/api/health", { cookie: admin.cookie });
      expect(res.json.warnings).toEqual([expect.stringMatching(/FIREBASE_AUTH_EMULATOR_HOST is set with a real Firebase project/)]);
    } finally {
      Object.assign(env(), before);
    }
    expect((await call(GET, "/api/health", { cookie: admin.cookie })).json.warnings).toBeUndefined();
  });
});

describe("GET /api/health with the database down", () => {
  it("answers 503 down, and says nothing of why", async () => {
    const closed = await openDatabase({ dataDir: null });
    await closed.close();
    useDatabase(closed);
    try {
      const res = await call(GET, "/api/health");
      expect(res.status).toBe(503);
      // Why it is down (the database, a host name, an address) is for the operator's log.
      expect(res.json).toEqual({ error: "unavailable", status: "unavailable", message: "The service is unavailable. Try again shortly." });
      expect(res.headers.get("retry-after")).toBe("5");
    } finally {
      useDatabase(undefined);
    }
  });
});
