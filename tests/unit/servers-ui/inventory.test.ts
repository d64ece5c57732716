/** @jest-environment node */
import { filterInventory } from "@/components/servers/inventory-filter";
import { schemaRows, typeLabel } from "@/components/servers/json-schema";
import type { ServerInventory } from "@/lib/servers/schema";

describe("schemaRows", () => {
  it("lists properties with type, requiredness, description and short facts", () => {
    const rows = schemaRows({
      type: "object",
      properties: {
        message: { type: "string", description: "Message to echo", maxLength: 200 },
        count: { type: "integer", minimum: 1, default: 3 },
        mode: { type: "string", enum: ["fast", "slow"] },
      },
      required: ["message"],
    });
    expect(rows).toEqual([
      { path: "message", name: "message", depth: 0, type: "string", required: true, description: "Message to echo", notes: ["max length 200"] },
      { path: "count", name: "count", depth: 0, type: "integer", required: false, description: null, notes: ["default 3", "min 1"] },
      { path: "mode", name: "mode", depth: 0, type: "string", required: false, description: null, notes: ['one of "fast", "slow"'] },
    ]);
  });

  it("indents nested objects and arrays of objects under their parent", () => {
    const rows = schemaRows({
      type: "object",
      properties: {
        options: { type: "object", properties: { depth: { type: "number" } }, required: ["depth"] },
        items: { type: "array", items: { type: "object", properties: { id: { type: "string" } } } },
      },
    });
    expect(rows.map((r) => [r.path, r.depth, r.type, r.required])).toEqual([
      ["options", 0, "object", false],
      ["options.depth", 1, "number", true],
      ["items", 0, "object[]", false],
      ["items[].id", 1, "string", false],
    ]);
  });

  it("has no rows for a tool without parameters or a schema that is not an object", () => {
    expect(schemaRows({ type: "object", properties: {} })).toEqual([]);
    expect(schemaRows({ type: "object" })).toEqual([]);
    expect(schemaRows(null)).toEqual([]);
  });

  it("names unions, nullable types, constants and references", () => {
    expect(typeLabel({ type: ["string", "null"] })).toBe("string | null");
    expect(typeLabel({ anyOf: [{ type: "string" }, { type: "number" }] })).toBe("string | number");
    expect(typeLabel({ const: "x" })).toBe('const "x"');
    expect(typeLabel({ $ref: "#/$defs/Point" })).toBe("Point");
    expect(typeLabel({ type: "array", items: { type: "string" } })).toBe("string[]");
    expect(typeLabel({})).toBe("any");
  });
});

describe("filterInventory", () => {
  const inv: ServerInventory = {
    tools: [
      { name: "echo", description: "Echoes back the input", inputSchema: {} },
      { name: "get-sum", title: "Add numbers", inputSchema: {} },
    ],
    resources: [{ uri: "demo://resource/static/document/architecture.md", name: "architecture.md", mimeType: "text/markdown" }],
    resourceTemplates: [{ uriTemplate: "demo://resource/dynamic/text/{resourceId}", name: "Dynamic Text Resource" }],
    prompts: [{ name: "simple-prompt", description: "A prompt with no arguments" }],
    discoveredAt: "2026-01-01T00:00:00.000Z",
  };

  it("matches names, titles, descriptions and URIs, ignoring case", () => {
    expect(filterInventory(inv, "ECHO").tools.map((t) => t.name)).toEqual(["echo"]);
    expect(filterInventory(inv, "add").tools.map((t) => t.name)).toEqual(["get-sum"]);
    expect(filterInventory(inv, "markdown").resources).toHaveLength(1);
    expect(filterInventory(inv, "{resourceId}").resourceTemplates).toHaveLength(1);
    expect(filterInventory(inv, "no arguments").prompts).toHaveLength(1);
    expect(filterInventory(inv, "zzz")).toMatchObject({ tools: [], resources: [], resourceTemplates: [], prompts: [] });
    expect(filterInventory(inv, "  ")).toBe(inv);
  });
});
