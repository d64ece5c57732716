import { GET } from "@/app/api/health/route";
import { openDatabase } from "@/lib/db/database";
import { useDatabase } from "@/lib/db";
import { call } from "../support/http";
import { describeEachDatabase } from "../support/databases";
import { signIn, signInAdmin } from "../support/sign-in";

describeEachDatabase("GET /api/health", ({ handle }) => {
  it("answers 200 with the database reachable", async () => {
    const res = await call(GET, "/api/health");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "ok", database: { reachable: true, kind: handle().kind } });
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });
});

describeEachDatabase("anonymous health answers", () => {
  it("tell an anonymous caller and an ordinary user liveness and database reachability only; an administrator sees the warnings", async () => {
    const { env } = await import("@/lib/env");
    const admin = await signInAdmin();
    const user = await signIn();
    const before = { ...env() };
    Object.assign(env(), { localMode: false, authEmulatorInProduction: true });
    try {
      for (const headers of [{}, user.bearer]) {
        const res = await call(GET, "/api/health", { headers });
        expect(res.status).toBe(200);
        expect(Object.keys(res.json).sort()).toEqual(["database", "status"]);
        expect(res.text).not.toMatch(/emulator|verified|warning/i);
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
  it("answers 503 unavailable", async () => {
    const closed = await openDatabase({ dataDir: null });
    await closed.close();
    useDatabase(closed);
    try {
      const res = await call(GET, "/api/health");
      expect(res.status).toBe(503);
      expect(res.json).toMatchObject({ error: "unavailable", status: "unavailable", database: { reachable: false } });
      // Why it is unreachable (a host name, an address) is for the operator's log.
      expect(res.json.database).toEqual({ reachable: false });
      expect(res.headers.get("retry-after")).toBe("5");
    } finally {
      useDatabase(undefined);
    }
  });
});
