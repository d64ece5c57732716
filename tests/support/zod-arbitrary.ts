import fc from "fast-check";
import { z, type ZodType } from "zod";

/**
 * fast-check arbitraries of values a zod schema accepts, or nearly: derived
 * from the schema's JSON Schema (`z.toJSONSchema`, the input side), so that
 * types, enums, lengths, bounds, formats and patterns are respected while
 * refinements that no JSON Schema can say (`.refine`) may still refuse them.
 * That is what a fuzzer wants: most cases reach the handler, some are
 * turned away by the last checks.
 */

type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
};

export interface DeriveOptions {
  /** The URLs a `uri` field gets: the fuzzer's own servers, never a stranger's. */
  urls: string[];
}

/** Lengths stay small: the mutations bring the long strings. */
const SMALL = 12;

function stringOf(s: JsonSchema, opts: DeriveOptions): fc.Arbitrary<string> {
  switch (s.format) {
    case "uuid":
      return fc.uuid();
    case "email":
      return fc.emailAddress().filter((e) => e.length <= (s.maxLength ?? 320));
    case "uri":
    case "url":
      return fc.constantFrom(...opts.urls);
    case "date-time":
      return fc.date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }).map((d) => d.toISOString());
  }
  const minLength = s.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(s.maxLength ?? SMALL, minLength + SMALL));
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length >= minLength && v.length <= (s.maxLength ?? Infinity));
    } catch {
      // A pattern fast-check cannot generate from: plain strings, which the schema may refuse.
    }
  }
  return fc.string({ minLength, maxLength });
}

function numberOf(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : Number.EPSILON) : undefined);
  const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : Number.EPSILON) : undefined);
  if (integer) {
    return fc.integer({ min: Math.max(min ?? -1e6, Number.MIN_SAFE_INTEGER), max: Math.min(max ?? 1e6, Number.MAX_SAFE_INTEGER) });
  }
  return fc.double({ min: min ?? -1e6, max: max ?? 1e6, noNaN: true });
}

function fromJsonSchema(s: JsonSchema, opts: DeriveOptions, depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => fromJsonSchema(a, opts, depth + 1)));
  if (s.allOf?.length) return fromJsonSchema(s.allOf[0], opts, depth + 1);
  if (Array.isArray(s.type)) return fc.oneof(...s.type.map((type) => fromJsonSchema({ ...s, type }, opts, depth)));
  switch (s.type) {
    case "string":
      return stringOf(s, opts);
    case "integer":
      return numberOf(s, true);
    case "number":
      return numberOf(s, false);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      if (s.prefixItems) return fc.tuple(...s.prefixItems.map((p) => fromJsonSchema(p, opts, depth + 1)));
      const minLength = s.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(s.maxItems ?? 3, minLength + 3));
      return fc.array(fromJsonSchema(s.items ?? {}, opts, depth + 1), { minLength, maxLength });
    }
    case "object": {
      const properties = s.properties ?? {};
      if (Object.keys(properties).length === 0 && typeof s.additionalProperties === "object") {
        return fc.dictionary(fc.string({ minLength: 1, maxLength: SMALL }), fromJsonSchema(s.additionalProperties, opts, depth + 1), { maxKeys: 3 });
      }
      const shape = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, fromJsonSchema(v, opts, depth + 1)]));
      return fc.record(shape, { requiredKeys: (s.required ?? []).filter((k) => k in shape) });
    }
  }
  return fc.jsonValue({ maxDepth: 2 });
}

/** Values shaped as `schema`'s input; anything JSON when the schema cannot be described. */
export function arbitraryOf(schema: ZodType, opts: DeriveOptions): fc.Arbitrary<unknown> {
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  } catch {
    return fc.jsonValue({ maxDepth: 3 });
  }
  return fromJsonSchema(json, opts, 0);
}
