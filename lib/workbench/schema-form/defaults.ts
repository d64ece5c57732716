import { classify } from "./classify";
import { cloneJson } from "./json";
import type { JsonSchema } from "./types";
import { isRecord } from "@/lib/guards";

/**
 * The arguments a form starts with: every `default`, nested objects' defaults,
 * and the only possible value of required `const` and boolean fields (a
 * switch always shows on or off, so a required one starts off).
 */
export function defaultsFor(schema: JsonSchema): Record<string, unknown> {
  const value = defaultValue(schema, schema, true);
  return isRecord(value) ? value : {};
}

/** The value a field starts with, or `undefined` for "not set". */
export function defaultValue(schema: JsonSchema, root: JsonSchema, required: boolean): unknown {
  const field = classify(schema, root);
  if (field.schema.default !== undefined) return cloneJson(field.schema.default);
  switch (field.kind) {
    case "const":
      return required ? cloneJson(field.value) : undefined;
    case "boolean":
      return required ? false : undefined;
    case "object": {
      const out: Record<string, unknown> = {};
      const requiredKeys = new Set(field.schema.required ?? []);
      for (const [key, child] of Object.entries(field.schema.properties ?? {})) {
        const v = defaultValue(child, root, requiredKeys.has(key));
        if (v !== undefined) out[key] = v;
      }
      // An optional object with nothing in it is left out rather than sent empty.
      return required || Object.keys(out).length > 0 ? out : undefined;
    }
    default:
      return undefined;
  }
}

/** The value of a newly added list item or a newly picked union branch: never "not set". */
export function initialValue(schema: JsonSchema, root: JsonSchema): unknown {
  const v = defaultValue(schema, root, true);
  if (v !== undefined) return v;
  const field = classify(schema, root);
  switch (field.kind) {
    case "string":
      return "";
    case "array":
    case "choices":
      return [];
    case "enum":
      return cloneJson(field.options[0]);
    case "union":
      return initialValue(field.branches[0].schema, root);
    default:
      return null;
  }
}
