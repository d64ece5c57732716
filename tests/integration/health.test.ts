import { GET } from "@/app/api/health/route";
import { openDatabase } from "@/lib/db/database";
import { useDatabase } from "@/lib/db";
import { call } from "../support/http";
import { describeEachDatabase } from "../support/databases";

describeEachDatabase("GET /api/health", ({ handle }) => {
  it("answers 200 with the database reachable", async () => {
    const res = await call(GET, "/api/health");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "ok", database: { reachable: true, kind: handle().kind } });
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });
});

describeEachDatabase("GET /api/health of a deployment allowed to run on the Auth Emulator", () => {
  it("reports it among its warnings", async () => {
    const { env } = await import("@/lib/env");
    const before = { ...env() };
    Object.assign(env(), { localMode: false, authEmulatorInProduction: true });
    try {
      const res = await call(GET, "/api/health");
      expect(res.json.warnings).toEqual([expect.stringMatching(/FIREBASE_AUTH_EMULATOR_HOST is set with a real Firebase project/)]);
    } finally {
      Object.assign(env(), before);
    }
    expect((await call(GET, "/api/health")).json.warnings).toBeUndefined();
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
      expect(res.headers.get("retry-after")).toBe("5");
    } finally {
      useDatabase(undefined);
    }
  });
});
