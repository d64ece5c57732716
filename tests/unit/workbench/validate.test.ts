/** @jest-environment node */
import { compileSafePattern } from "@/lib/workbench/safe-pattern";
import { validateArguments } from "@/lib/workbench/schema-form/validate";
import type { JsonSchema } from "@/lib/workbench/schema-form/types";

import { toolSchema } from "./everything";

const tool = toolSchema;
const obj = (properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema => ({
  type: "object",
  properties,
  required,
});

describe("validateArguments: objects and required", () => {
  it("reports a missing required argument at its own path", () => {
    expect(validateArguments(tool("echo"), {})).toEqual([{ path: "/message", message: "Required" }]);
    expect(validateArguments(tool("echo"), { message: "hi" })).toEqual([]);
  });

  it("treats undefined arguments as an empty object", () => {
    expect(validateArguments(tool("get-sum"), undefined)).toEqual([
      { path: "/a", message: "Required" },
      { path: "/b", message: "Required" },
    ]);
  });

  it("checks nested objects only when they are present", () => {
    const schema = obj({ address: obj({ city: { type: "string" } }, ["city"]) });
    expect(validateArguments(schema, {})).toEqual([]);
    expect(validateArguments(schema, { address: {} })).toEqual([{ path: "/address/city", message: "Required" }]);
    expect(validateArguments(schema, { address: { city: 3 } })).toEqual([
      { path: "/address/city", message: "Must be text" },
    ]);
  });

  it("rejects unknown properties only when additionalProperties is false", () => {
    const closed: JsonSchema = { ...(obj({ a: { type: "string" } }) as object), additionalProperties: false };
    expect(validateArguments(closed, { a: "x", b: 1 })).toEqual([{ path: "/b", message: 'Unknown property "b"' }]);
    expect(validateArguments(obj({ a: { type: "string" } }), { a: "x", b: 1 })).toEqual([]);
    const map: JsonSchema = { type: "object", additionalProperties: { type: "number" } };
    expect(validateArguments(map, { x: 1, y: "2" })).toEqual([{ path: "/y", message: "Must be a number" }]);
  });

  it("escapes keys with slashes and tildes in paths", () => {
    const schema = obj({ "a/b": { type: "string" }, "c~d": { type: "string" } }, ["a/b", "c~d"]);
    expect(validateArguments(schema, {}).map((i) => i.path)).toEqual(["/a~1b", "/c~0d"]);
  });

  it("counts properties with minProperties and maxProperties", () => {
    const schema: JsonSchema = { type: "object", minProperties: 1, maxProperties: 2 };
    expect(validateArguments(schema, {})).toEqual([{ path: "", message: "Must have at least 1 property" }]);
    expect(validateArguments(schema, { a: 1, b: 2, c: 3 })).toEqual([
      { path: "", message: "Must have at most 2 properties" },
    ]);
  });
});

describe("validateArguments: types", () => {
  const schema = obj({
    s: { type: "string" },
    n: { type: "number" },
    i: { type: "integer" },
    b: { type: "boolean" },
    a: { type: "array" },
    o: { type: "object" },
    z: { type: "null" },
    sn: { type: ["string", "null"] },
  });

  it("accepts values of the declared types", () => {
    expect(validateArguments(schema, { s: "", n: 1.5, i: 2, b: false, a: [], o: {}, z: null, sn: null })).toEqual([]);
  });

  it("names the expected type when it is wrong", () => {
    const issues = validateArguments(schema, { s: 1, n: "1", i: 1.5, b: "true", a: {}, o: [], z: 0, sn: 1 });
    expect(issues).toEqual([
      { path: "/s", message: "Must be text" },
      { path: "/n", message: "Must be a number" },
      { path: "/i", message: "Must be a whole number" },
      { path: "/b", message: "Must be true or false" },
      { path: "/a", message: "Must be a list" },
      { path: "/o", message: "Must be an object" },
      { path: "/z", message: "Must be null" },
      { path: "/sn", message: "Must be text or null" },
    ]);
  });

  it("does not accept NaN or Infinity as numbers (JSON has neither)", () => {
    expect(validateArguments(schema, { n: Number.NaN })).toEqual([{ path: "/n", message: "Must be a number" }]);
    expect(validateArguments(schema, { n: Infinity })).toEqual([{ path: "/n", message: "Must be a number" }]);
  });

  it("counts 2.0 as an integer, as JSON Schema does", () => {
    expect(validateArguments(schema, { i: 2.0 })).toEqual([]);
  });

  it("reports a wrong root type at the empty path", () => {
    expect(validateArguments({ type: "object" }, [])).toEqual([{ path: "", message: "Must be an object" }]);
  });
});

describe("validateArguments: strings", () => {
  const schema = obj({
    name: { type: "string", minLength: 2, maxLength: 4 },
    nonEmpty: { type: "string", minLength: 1 },
    code: { type: "string", pattern: "^[A-Z]{3}$" },
  });

  it("checks length bounds in characters, not UTF-16 units", () => {
    expect(validateArguments(schema, { name: "a" })).toEqual([{ path: "/name", message: "Must be at least 2 characters" }]);
    expect(validateArguments(schema, { name: "abcde" })).toEqual([{ path: "/name", message: "Must be at most 4 characters" }]);
    expect(validateArguments(schema, { name: "😀😀😀😀" })).toEqual([]);
    expect(validateArguments(schema, { nonEmpty: "" })).toEqual([{ path: "/nonEmpty", message: "Must not be empty" }]);
  });

  it("checks patterns, and ignores a pattern that is not a valid regular expression", () => {
    expect(validateArguments(schema, { code: "ABC" })).toEqual([]);
    expect(validateArguments(schema, { code: "abc" })).toEqual([{ path: "/code", message: "Must match the pattern ^[A-Z]{3}$" }]);
    expect(validateArguments(obj({ x: { type: "string", pattern: "([" } }), { x: "anything" })).toEqual([]);
  });

  it.each([
    ["date", "2025-02-28", "2025-02-30"],
    ["date-time", "2025-01-31T09:30:00Z", "2025-01-31 9:30"],
    ["date-time", "2025-01-31T09:30:00.123+02:00", "2025-01-31T09:30:00"],
    ["time", "23:59:60Z", "25:00:00Z"],
    ["email", "ada@example.com", "ada@example"],
    ["uri", "https://example.com/a?b=c", "/relative/path"],
    ["uuid", "123e4567-e89b-12d3-a456-426614174000", "123e4567"],
    ["ipv4", "192.168.0.1", "256.1.1.1"],
  ])("checks format %s: accepts %s, rejects %s", (format, good, bad) => {
    const schema = obj({ v: { type: "string", format } });
    expect(validateArguments(schema, { v: good })).toEqual([]);
    const issues = validateArguments(schema, { v: bad });
    expect(issues).toHaveLength(1);
    expect(issues[0].path).toBe("/v");
    expect(issues[0].message).toMatch(/^Must be/);
  });

  it("answers at once on long adversarial text: a dotted email and a backtracking pattern run linearly", () => {
    // A quadratic email pattern takes minutes on this input and a backtracking
    // engine never ends on the pattern below: either would time the test out.
    const dotted = "a@" + "a.".repeat(300_000);
    expect(validateArguments(obj({ v: { type: "string", format: "email" } }), { v: dotted + " " })).toHaveLength(1);
    expect(validateArguments(obj({ v: { type: "string", format: "email" } }), { v: "ada@" + "b.".repeat(100) + "org" })).toEqual([]);
    const nested = obj({ v: { type: "string", pattern: "^(a+)+$" } });
    const safe = { compilePattern: compileSafePattern };
    expect(validateArguments(nested, { v: "a".repeat(100_000) + "!" }, safe)).toHaveLength(1);
    expect(validateArguments(nested, { v: "aaaa" }, safe)).toEqual([]);
  });

  it("treats unknown formats as annotations", () => {
    expect(validateArguments(obj({ v: { type: "string", format: "color" } }), { v: "not checked" })).toEqual([]);
  });

  it("validates the real uri field of gzip-file-as-resource", () => {
    expect(validateArguments(tool("gzip-file-as-resource"), { data: "not a uri" })).toEqual([
      { path: "/data", message: "Must be an absolute URI, such as https://example.com/" },
    ]);
    expect(validateArguments(tool("gzip-file-as-resource"), { data: "data:text/plain;base64,aGk=" })).toEqual([]);
  });
});

describe("validateArguments: numbers", () => {
  it("checks inclusive bounds of the real get-resource-links schema", () => {
    const schema = tool("get-resource-links");
    expect(validateArguments(schema, { count: 0 })).toEqual([{ path: "/count", message: "Must be at least 1" }]);
    expect(validateArguments(schema, { count: 11 })).toEqual([{ path: "/count", message: "Must be at most 10" }]);
    expect(validateArguments(schema, { count: 10 })).toEqual([]);
  });

  it("checks exclusive bounds in both draft-07 and draft-04 spelling", () => {
    const modern = obj({ v: { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 1 } });
    expect(validateArguments(modern, { v: 0 })).toEqual([{ path: "/v", message: "Must be greater than 0" }]);
    expect(validateArguments(modern, { v: 1 })).toEqual([{ path: "/v", message: "Must be less than 1" }]);
    expect(validateArguments(modern, { v: 0.5 })).toEqual([]);
    const draft4 = obj({ v: { type: "number", minimum: 0, exclusiveMinimum: true, maximum: 1, exclusiveMaximum: true } });
    expect(validateArguments(draft4, { v: 0 })).toEqual([{ path: "/v", message: "Must be greater than 0" }]);
    expect(validateArguments(draft4, { v: 1 })).toEqual([{ path: "/v", message: "Must be less than 1" }]);
  });

  it("checks multipleOf without floating-point false alarms", () => {
    const schema = obj({ v: { type: "number", multipleOf: 0.1 } });
    expect(validateArguments(schema, { v: 0.3 })).toEqual([]);
    expect(validateArguments(schema, { v: 0.35 })).toEqual([{ path: "/v", message: "Must be a multiple of 0.1" }]);
    expect(validateArguments(obj({ v: { type: "integer", multipleOf: 5 } }), { v: 12 })).toEqual([
      { path: "/v", message: "Must be a multiple of 5" },
    ]);
  });
});

describe("validateArguments: enum, const and arrays", () => {
  it("checks enums of the real get-structured-content schema", () => {
    const schema = tool("get-structured-content");
    expect(validateArguments(schema, { location: "Paris" })).toEqual([
      { path: "/location", message: "Must be one of: New York, Chicago, Los Angeles" },
    ]);
    expect(validateArguments(schema, { location: "Chicago" })).toEqual([]);
  });

  it("compares enum and const values structurally", () => {
    const schema = obj({ e: { enum: [{ a: 1 }, [1, 2], null] }, c: { const: { k: [1] } } });
    expect(validateArguments(schema, { e: { a: 1 }, c: { k: [1] } })).toEqual([]);
    expect(validateArguments(schema, { e: [2, 1], c: { k: [2] } })).toEqual([
      { path: "/e", message: 'Must be one of: {"a":1}, [1,2], null' },
      { path: "/c", message: 'Must be {"k":[1]}' },
    ]);
  });

  it("checks items, item counts and uniqueness", () => {
    const schema = obj({ tags: { type: "array", items: { type: "string", minLength: 1 }, minItems: 1, maxItems: 2, uniqueItems: true } });
    expect(validateArguments(schema, { tags: [] })).toEqual([{ path: "/tags", message: "Must have at least 1 item" }]);
    expect(validateArguments(schema, { tags: ["a", "b", "c"] })).toEqual([{ path: "/tags", message: "Must have at most 2 items" }]);
    expect(validateArguments(schema, { tags: ["a", ""] })).toEqual([{ path: "/tags/1", message: "Must not be empty" }]);
    expect(validateArguments(schema, { tags: ["a", "a"] })).toEqual([{ path: "/tags/1", message: "Duplicates an earlier item" }]);
  });

  it("checks tuples positionally (draft-07 items array and 2020-12 prefixItems)", () => {
    const old = obj({ t: { type: "array", items: [{ type: "string" }, { type: "number" }] } });
    expect(validateArguments(old, { t: ["a", "b"] })).toEqual([{ path: "/t/1", message: "Must be a number" }]);
    const modern = obj({ t: { type: "array", prefixItems: [{ type: "string" }], items: { type: "boolean" } } });
    expect(validateArguments(modern, { t: ["a", true, 1] })).toEqual([{ path: "/t/2", message: "Must be true or false" }]);
  });

  it("reports array items of objects at their nested paths", () => {
    const schema = obj({ people: { type: "array", items: obj({ name: { type: "string" } }, ["name"]) } });
    expect(validateArguments(schema, { people: [{ name: "a" }, {}] })).toEqual([{ path: "/people/1/name", message: "Required" }]);
  });
});

describe("validateArguments: combinators and references", () => {
  it("anyOf passes when one branch fits and otherwise reports the branch of the value's type", () => {
    const schema = obj({ v: { anyOf: [{ type: "string", minLength: 3 }, { type: "number", minimum: 1 }] } });
    expect(validateArguments(schema, { v: "abc" })).toEqual([]);
    expect(validateArguments(schema, { v: 5 })).toEqual([]);
    expect(validateArguments(schema, { v: 0 })).toEqual([{ path: "/v", message: "Must be at least 1" }]);
    expect(validateArguments(schema, { v: true })).toEqual([{ path: "/v", message: "Does not match any of the allowed forms" }]);
  });

  it("oneOf fails when more than one branch fits", () => {
    const schema = obj({ v: { oneOf: [{ type: "number" }, { type: "integer" }] } });
    expect(validateArguments(schema, { v: 1.5 })).toEqual([]);
    expect(validateArguments(schema, { v: 1 })).toEqual([
      { path: "/v", message: "Matches more than one of the allowed forms (exactly one is expected)" },
    ]);
  });

  it("allOf applies every part and not rejects what matches", () => {
    const schema = obj({ v: { allOf: [{ type: "number" }, { minimum: 2 }], not: { const: 3 } } });
    expect(validateArguments(schema, { v: 1 })).toEqual([{ path: "/v", message: "Must be at least 2" }]);
    expect(validateArguments(schema, { v: 3 })).toEqual([{ path: "/v", message: "This value is not allowed" }]);
    expect(validateArguments(schema, { v: 4 })).toEqual([]);
  });

  it("follows local $ref into $defs and definitions, including recursive schemas", () => {
    const schema: JsonSchema = {
      type: "object",
      properties: { tree: { $ref: "#/$defs/node" }, when: { $ref: "#/definitions/day" } },
      $defs: { node: { type: "object", properties: { name: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/node" } } }, required: ["name"] } },
      definitions: { day: { type: "string", format: "date" } },
    };
    expect(validateArguments(schema, { tree: { name: "a", children: [{ name: "b", children: [{}] }] }, when: "2025-13-01" })).toEqual([
      { path: "/tree/children/0/children/0/name", message: "Required" },
      { path: "/when", message: "Must be a date (YYYY-MM-DD)" },
    ]);
  });

  it("ignores references it cannot follow rather than blocking the call", () => {
    const schema = obj({ v: { $ref: "https://example.com/schema.json" }, w: { $ref: "#/nowhere" } });
    expect(validateArguments(schema, { v: 1, w: "x" })).toEqual([]);
  });

  it("handles boolean schemas", () => {
    expect(validateArguments(obj({ any: true, none: false }), { any: { x: 1 } })).toEqual([]);
    expect(validateArguments(obj({ none: false }), { none: 1 })).toEqual([{ path: "/none", message: "No value is allowed here" }]);
  });
});
