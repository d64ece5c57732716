/** @jest-environment node */
import { toolNameCollision } from "@/lib/scanner/rules/tool-name-collision";
import { scanInput, tool } from "./scan-input";

const collide = (name: string, others: string[]) =>
  toolNameCollision.check(scanInput({ tools: [tool(name, "A tool.")], otherServers: [{ name: "Files", toolNames: others }] }));

describe("tool-name-collision", () => {
  it("flags the same name on another server as medium, at the tool's name", () => {
    expect(collide("read_file", ["read_file"]).map((f) => [f.severity, f.target.path, f.evidence])).toEqual([
      ["medium", "/name", 'read_file is also a tool of your server "Files"'],
    ]);
  });

  it("counts case and separators as the same name", () => {
    expect(collide("Read-File", ["read_file"]).map((f) => f.severity)).toEqual(["medium"]);
  });

  it.each([
    ["a Cyrillic look-alike", "reаd_file"],
    ["a zero-width space", "read\u200b_file"],
    ["fullwidth letters", "ｒｅａｄ_file"],
  ])("flags an imitation through %s as high, made visible", (_, name) => {
    const [f] = collide(name, ["read_file"]);
    expect(f.severity).toBe("high");
    expect(f.evidence).toContain("imitates read_file");
  });

  it("leaves distinct names and a user without other servers alone", () => {
    expect(collide("read_note", ["read_file"])).toEqual([]);
    expect(toolNameCollision.check(scanInput({ tools: [tool("read_file", "x")] }))).toEqual([]);
  });
});
