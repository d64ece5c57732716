/** @jest-environment node */
import { serverCreate, serverUpdate } from "@/lib/servers/schema";
import { PROTOCOL_REVISIONS } from "@/lib/mcp/protocol-revisions";

const server = { name: "Everything", transport: "streamable-http", url: "https://tools.example.com/mcp" };

describe("a server's protocol setting, as the API validates it", () => {
  it("negotiates unless told otherwise", () => {
    expect(serverCreate.parse(server).protocol).toBe("auto");
    // An update without it leaves the stored setting alone.
    expect(serverUpdate.parse({ name: "Renamed" })).not.toHaveProperty("protocol");
  });

  it("pins any revision the console speaks, on create and on update", () => {
    for (const revision of PROTOCOL_REVISIONS) {
      expect(serverCreate.parse({ ...server, protocol: revision }).protocol).toBe(revision);
      expect(serverUpdate.parse({ protocol: revision }).protocol).toBe(revision);
    }
    expect(serverUpdate.parse({ protocol: "auto" }).protocol).toBe("auto");
  });

  it("refuses anything else, naming the values it takes", () => {
    for (const bad of ["2099-01-01", "latest", "", "AUTO", 20250618, null]) {
      const result = serverCreate.safeParse({ ...server, protocol: bad });
      expect(result.success).toBe(false);
      const issue = result.error!.issues.find((i) => i.path.join(".") === "protocol");
      expect(issue?.message).toBe('Choose "auto" or one of the protocol revisions the console speaks: 2026-07-28, 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05.');
      expect(serverUpdate.safeParse({ protocol: bad }).success).toBe(false);
    }
  });
});
