/** @jest-environment node */
import { toggleChoice } from "@/lib/workbench/schema-form/choices";
import { classify, marksRequired } from "@/lib/workbench/schema-form/classify";
import { defaultsFor, initialValue } from "@/lib/workbench/schema-form/defaults";
import { dateTimeToLocalInput, inputTypeForFormat, localInputToDateTime } from "@/lib/workbench/schema-form/formats";
import { constraintHint } from "@/lib/workbench/schema-form/hints";
import { parseJsonText } from "@/lib/workbench/schema-form/json";
import { labelAt } from "@/lib/workbench/schema-form/labels";
import { childPointer, describePointer, pointerSegments, pointerToId } from "@/lib/workbench/schema-form/pointer";
import type { JsonSchema, JsonSchemaObject } from "@/lib/workbench/schema-form/types";
import { validateArguments } from "@/lib/workbench/schema-form/validate";

import { everythingTools, toolSchema } from "./everything";

const tool = toolSchema;

describe("defaultsFor", () => {
  it("pre-fills the defaults of real server-everything tools", () => {
    expect(defaultsFor(tool("trigger-long-running-operation"))).toEqual({ duration: 10, steps: 5 });
    expect(defaultsFor(tool("get-resource-reference"))).toEqual({ resourceType: "Text", resourceId: 1 });
    expect(defaultsFor(tool("get-annotated-message"))).toEqual({ includeImage: false });
    expect(defaultsFor(tool("echo"))).toEqual({});
  });

  it("gives defaults that pass validation for every real tool without required arguments", () => {
    const optionalOnly = everythingTools.filter((t) => !(t.inputSchema as JsonSchemaObject).required?.length);
    expect(optionalOnly.length).toBeGreaterThan(5);
    for (const t of optionalOnly) {
      expect(validateArguments(t.inputSchema, defaultsFor(t.inputSchema))).toEqual([]);
    }
  });

  it("fills nested defaults, required booleans and required consts, and leaves empty optional objects out", () => {
    const schema: JsonSchema = {
      type: "object",
      required: ["flag", "kind", "options"],
      properties: {
        flag: { type: "boolean" },
        maybe: { type: "boolean" },
        kind: { const: "search" },
        optionalKind: { const: "x" },
        options: { type: "object", properties: { depth: { type: "integer", default: 2 }, note: { type: "string" } } },
        extra: { type: "object", properties: { note: { type: "string" } } },
        tags: { type: "array", items: { type: "string" }, default: ["a"] },
      },
    };
    expect(defaultsFor(schema)).toEqual({ flag: false, kind: "search", options: { depth: 2 }, tags: ["a"] });
  });

  it("copies defaults so editing the form never changes the schema", () => {
    const schema: JsonSchemaObject = { type: "object", properties: { tags: { type: "array", default: ["a"] } } };
    const value = defaultsFor(schema);
    (value.tags as string[]).push("b");
    expect((schema.properties!.tags as JsonSchemaObject).default).toEqual(["a"]);
  });

  it("returns an object even for a schema that is not an object", () => {
    expect(defaultsFor({ type: "string", default: "x" })).toEqual({});
  });
});

describe("initialValue (new list rows, picked union branches)", () => {
  it.each<[JsonSchema, unknown]>([
    [{ type: "string" }, ""],
    [{ type: "number" }, null],
    [{ type: "boolean" }, false],
    [{ enum: ["b", "c"] }, "b"],
    [{ type: "array" }, []],
    [{ type: "object", properties: { n: { type: "number", default: 1 } } }, { n: 1 }],
    [{ type: "string", default: "d" }, "d"],
  ])("for %j is %j", (schema, expected) => {
    expect(initialValue(schema, schema)).toEqual(expected);
  });
});

describe("classify", () => {
  const kind = (schema: JsonSchema, root: JsonSchema = schema) => classify(schema, root).kind;

  it("maps simple types, enums and consts to their controls", () => {
    expect(kind({ type: "string" })).toBe("string");
    expect(kind({ type: "integer" })).toBe("number");
    expect(kind({ type: "boolean" })).toBe("boolean");
    expect(kind({ type: "string", enum: ["a"] })).toBe("enum");
    expect(kind({ const: 1 })).toBe("const");
    expect(kind({ type: "object", properties: {} })).toBe("object");
    expect(kind({ properties: { a: {} } })).toBe("object");
    expect(kind({ type: "array", items: { type: "string" } })).toBe("array");
  });

  it("falls back to a JSON editor for what a form cannot express", () => {
    expect(kind({})).toBe("json");
    expect(kind(true)).toBe("json");
    expect(kind({ type: "object" })).toBe("json");
    expect(kind({ type: "object", additionalProperties: { type: "string" } })).toBe("json");
    expect(kind({ type: "array", items: [{ type: "string" }] })).toBe("json");
    expect(kind({ type: "array", prefixItems: [{ type: "string" }] })).toBe("json");
    expect(kind({ allOf: [{ type: "string" }] })).toBe("json");
    expect(kind({ $ref: "https://example.com/x.json" })).toBe("json");
    expect(kind({ $ref: "#" }, { $ref: "#" })).toBe("json");
  });

  it("offers a type picker for unions told apart by JSON type, and JSON otherwise", () => {
    const simple = classify({ anyOf: [{ type: "string" }, { type: "number" }, { type: "null" }] }, {});
    expect(simple.kind).toBe("union");
    expect(simple.kind === "union" && simple.branches.map((b) => b.label)).toEqual(["Text", "Number", "Null"]);
    expect(kind({ type: ["integer", "null"] })).toBe("union");
    expect(kind({ oneOf: [{ type: "object", properties: { a: {} } }, { type: "object", properties: { b: {} } }] })).toBe("json");
    expect(kind({ oneOf: [{ type: "number" }, { type: "integer" }] })).toBe("json");
  });

  it("resolves $ref into $defs, keeping sibling keywords", () => {
    const root: JsonSchema = { $defs: { day: { type: "string", format: "date" } } };
    const field = classify({ $ref: "#/$defs/day", title: "Day" }, root);
    expect(field).toMatchObject({ kind: "string", schema: { format: "date", title: "Day" } });
  });
});

describe("classify: the titled enums of MCP elicitation (spec 2025-11-25)", () => {
  const kind = (schema: JsonSchema) => classify(schema, schema).kind;
  const choices = (schema: JsonSchema) => {
    const field = classify(schema, schema);
    return field.kind === "enum" || field.kind === "choices" ? { kind: field.kind, options: field.options, labels: field.labels } : field.kind;
  };

  it("offers a oneOf of const/title as one choice, showing the titles and keeping the values", () => {
    const hero: JsonSchema = {
      type: "string",
      oneOf: [
        { const: "hero-1", title: "Superman" },
        { const: "hero-2", title: "Green Lantern" },
      ],
      default: "hero-1",
    };
    expect(choices(hero)).toEqual({ kind: "enum", options: ["hero-1", "hero-2"], labels: ["Superman", "Green Lantern"] });
    // anyOf too, and a const without a title shows its value.
    expect(choices({ anyOf: [{ const: "a", title: "Alpha" }, { const: "b" }] })).toEqual({ kind: "enum", options: ["a", "b"], labels: ["Alpha", "b"] });
  });

  it("labels an enum by its legacy enumNames, and by the values when the names do not line up", () => {
    expect(choices({ type: "string", enum: ["pet-1", "pet-2"], enumNames: ["Cats", "Dogs"] })).toEqual({ kind: "enum", options: ["pet-1", "pet-2"], labels: ["Cats", "Dogs"] });
    expect(choices({ type: "string", enum: ["pet-1", "pet-2"], enumNames: ["Cats"] })).toEqual({ kind: "enum", options: ["pet-1", "pet-2"], labels: ["pet-1", "pet-2"] });
    expect(choices({ enum: [1, null] })).toEqual({ kind: "enum", options: [1, null], labels: ["1", "null"] });
  });

  it("makes multi-select arrays (items.enum, items.anyOf of titled consts) a set of checkboxes", () => {
    expect(choices({ type: "array", minItems: 1, maxItems: 3, items: { type: "string", enum: ["Guitar", "Piano"] }, default: ["Guitar"] })).toEqual({
      kind: "choices",
      options: ["Guitar", "Piano"],
      labels: ["Guitar", "Piano"],
    });
    expect(choices({ type: "array", items: { anyOf: [{ const: "fish-1", title: "Tuna" }, { const: "fish-2", title: "Salmon" }] } })).toEqual({
      kind: "choices",
      options: ["fish-1", "fish-2"],
      labels: ["Tuna", "Salmon"],
    });
    // Items named through $defs resolve too.
    const viaRef: JsonSchema = { type: "array", items: { $ref: "#/$defs/color" }, $defs: { color: { oneOf: [{ const: "r", title: "Red" }] } } };
    expect(choices(viaRef)).toEqual({ kind: "choices", options: ["r"], labels: ["Red"] });
  });

  it("keeps a union of types a union, and a union of consts and types one too", () => {
    expect(kind({ anyOf: [{ const: "auto", title: "Automatic" }, { type: "number" }] })).toBe("union");
    expect(kind({ type: "array", items: { anyOf: [{ type: "string" }, { type: "number" }] } })).toBe("array");
  });

  it("starts the form with the schema's defaults and a new list of choices empty", () => {
    const schema: JsonSchema = {
      type: "object",
      properties: {
        hero: { type: "string", oneOf: [{ const: "hero-1", title: "Superman" }], default: "hero-1" },
        fish: { type: "array", items: { anyOf: [{ const: "fish-1", title: "Tuna" }] }, default: ["fish-1"] },
      },
    };
    expect(defaultsFor(schema)).toEqual({ hero: "hero-1", fish: ["fish-1"] });
    expect(initialValue({ type: "array", items: { enum: ["a"] } }, {})).toEqual([]);
    expect(initialValue({ oneOf: [{ const: "x", title: "X" }] }, {})).toBe("x");
  });
});

describe("toggleChoice", () => {
  const options = ["a", "b", "c"];
  it("keeps the checked options in the schema's order", () => {
    expect(toggleChoice(options, ["c"], "a", true)).toEqual(["a", "c"]);
    expect(toggleChoice(options, ["a", "c"], "a", false)).toEqual(["c"]);
    expect(toggleChoice(options, ["a"], "a", true)).toEqual(["a"]);
  });

  it("keeps values that are not options at the end", () => {
    expect(toggleChoice(options, ["zz", "b"], "a", true)).toEqual(["a", "b", "zz"]);
  });
});

describe("marksRequired", () => {
  it("finds required fields at any depth, and list rows", () => {
    expect(marksRequired(toolSchema("echo"), toolSchema("echo"))).toBe(true);
    expect(marksRequired(toolSchema("get-resource-links"), toolSchema("get-resource-links"))).toBe(false);
    const nested: JsonSchema = { type: "object", properties: { a: { type: "object", properties: { b: {} }, required: ["b"] } } };
    expect(marksRequired(nested, nested)).toBe(true);
    const list: JsonSchema = { type: "object", properties: { a: { type: "array", items: { type: "string" } } } };
    expect(marksRequired(list, list)).toBe(true);
    const recursive: JsonSchema = { $ref: "#/$defs/n", $defs: { n: { type: "object", properties: { next: { $ref: "#/$defs/n" } } } } };
    expect(marksRequired(recursive, recursive)).toBe(false);
  });
});

describe("pointers", () => {
  it("escapes and splits keys per RFC 6901", () => {
    const p = childPointer(childPointer("", "a/b"), "c~d");
    expect(p).toBe("/a~1b/c~0d");
    expect(pointerSegments(p)).toEqual(["a/b", "c~d"]);
  });

  it("describes paths for people, counting list items from 1", () => {
    expect(describePointer("/people/0/name")).toBe("people › 1 › name");
    expect(describePointer("")).toBe("Arguments");
  });

  it("makes distinct element ids for keys that differ only in punctuation", () => {
    const ids = ["/a-b", "/a/b", "/a_b", "/a b", "/a.b"].map(pointerToId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[-A-Za-z0-9_]+$/);
  });
});

describe("formats", () => {
  it("chooses input types by format", () => {
    expect(inputTypeForFormat("date")).toBe("date");
    expect(inputTypeForFormat("date-time")).toBe("datetime-local");
    expect(inputTypeForFormat("email")).toBe("email");
    expect(inputTypeForFormat("uri")).toBe("url");
    expect(inputTypeForFormat(undefined)).toBe("text");
  });

  it("converts between datetime-local (local wall clock) and RFC 3339 UTC", () => {
    const iso = localInputToDateTime("2025-03-05T10:20");
    expect(iso).toBe(new Date(2025, 2, 5, 10, 20).toISOString());
    expect(dateTimeToLocalInput(iso!)).toBe("2025-03-05T10:20");
    expect(dateTimeToLocalInput(localInputToDateTime("2025-03-05T10:20:07")!)).toBe("2025-03-05T10:20:07");
    expect(localInputToDateTime("2025-03-05")).toBeUndefined();
    expect(dateTimeToLocalInput("yesterday")).toBeUndefined();
    expect(dateTimeToLocalInput("2025-03-05T10:20:00")).toBeUndefined();
  });
});

describe("constraintHint", () => {
  it("puts bounds in words", () => {
    expect(constraintHint({ minimum: 1, maximum: 10 }, "number")).toBe("1 to 10");
    expect(constraintHint({ exclusiveMinimum: 0 }, "number")).toBe("More than 0");
    expect(constraintHint({ minimum: 0, exclusiveMinimum: true, multipleOf: 5 }, "number")).toBe("More than 0, a multiple of 5");
    expect(constraintHint({ minLength: 1, maxLength: 1 }, "string")).toBe("Exactly 1 character");
    expect(constraintHint({ maxLength: 20, pattern: "^a" }, "string")).toBe("At most 20 characters, pattern ^a");
    expect(constraintHint({ minItems: 1, maxItems: 3, uniqueItems: true }, "array")).toBe("1 to 3 items, no duplicates");
    expect(constraintHint({}, "string")).toBeUndefined();
  });
});

describe("parseJsonText", () => {
  it("parses JSON and locates a syntax error by line and column", () => {
    expect(parseJsonText('{"a": [1]}')).toEqual({ ok: true, value: { a: [1] } });
    const bad = parseJsonText('{\n  "a": 1,\n}');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toMatch(/^Invalid JSON at line 3, column 1: /);
    expect(parseJsonText("")).toEqual({ ok: false, error: "Invalid JSON: Unexpected end of JSON input" });
  });
});

describe("labelAt", () => {
  const schema: JsonSchema = {
    type: "object",
    properties: {
      name: { type: "string", title: "Full name" },
      address: { type: "object", title: "Address", properties: { city: { type: "string" } } },
      people: { type: "array", items: { type: "object", properties: { nick: { $ref: "#/$defs/nick" } } } },
      either: { anyOf: [{ type: "string" }, { type: "array", items: { type: "number", title: "N" } }] },
      meta: { type: "object", additionalProperties: true },
    },
    $defs: { nick: { type: "string", title: "Nickname" } },
  };

  it("names a value by the labels the form shows on the way to it", () => {
    expect(labelAt(schema, "/name")).toBe("Full name");
    expect(labelAt(schema, "/address/city")).toBe("Address › city");
    expect(labelAt(schema, "/people/2/nick")).toBe("people item 3 › Nickname");
    expect(labelAt(schema, "/either/0")).toBe("either item 1");
  });

  it("continues with keys inside values the form edits as JSON", () => {
    expect(labelAt(schema, "/meta/a/0")).toBe("meta › a › 1");
    expect(labelAt(schema, "/unknown")).toBe("unknown");
    expect(labelAt(schema, "")).toBe("Arguments");
  });
});
