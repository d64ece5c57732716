/** @jest-environment node */
import { decodeCursor, encodeCursor } from "@/lib/db/time-cursor";
import { activityExportQuery, activityListQuery, exportFileName } from "@/lib/activity/schema";

describe("activity cursor", () => {
  it("round-trips the exact position, microseconds included", () => {
    const at = { t: "2024-05-01T12:00:00.000030Z", id: "7a1b4c2e-1f3d-4c5b-9a8e-0123456789ab" };
    const cursor = encodeCursor(at);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(at);
  });

  it("rejects anything it did not make", () => {
    const forged = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
    for (const value of ["", "not-a-cursor", forged(["2024-05-01T12:00:00Z", "7a1b4c2e-1f3d-4c5b-9a8e-0123456789ab"]), forged(["2024-05-01T12:00:00.000030Z", "1; drop table users"]), forged({ t: 1 })]) {
      expect(decodeCursor(value)).toBeNull();
    }
  });
});

describe("activity query", () => {
  it("treats blank values as no filter and defaults the page size", () => {
    expect(activityListQuery.parse({ action: "", serverId: "", from: " ", cursor: "" })).toEqual({ limit: 25 });
  });

  it("accepts the known actions and ISO instants, and refuses the rest", () => {
    expect(activityListQuery.parse({ action: "server.created", from: "2024-01-01T00:00:00+02:00", limit: "100" })).toMatchObject({ action: "server.created", limit: 100 });
    for (const bad of [{ action: "server.melted" }, { from: "2024-01-01" }, { limit: "500" }, { serverId: "abc" }]) {
      expect(activityListQuery.safeParse(bad).success).toBe(false);
    }
  });

  it("requires the range to run forwards", () => {
    const result = activityExportQuery.safeParse({ from: "2024-02-01T00:00:00Z", to: "2024-01-01T00:00:00Z" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ["to"], message: "The start of the range must be before its end." });
    expect(activityExportQuery.parse({})).toEqual({ format: "csv" });
  });

  it("names export files by format and UTC day", () => {
    expect(exportFileName("csv", new Date("2025-03-09T23:59:00Z"))).toBe("mcp-console-activity-2025-03-09.csv");
    expect(exportFileName("json", new Date("2025-03-10T00:00:00Z"))).toBe("mcp-console-activity-2025-03-10.json");
  });
});
