import { pointerSegments } from "./pointer";
import type { JsonSchema, JsonSchemaObject } from "./types";

/** Deeper than any sensible schema; stops `$ref` loops such as `{"$ref": "#"}` pointing at itself. */
const MAX_REF_HOPS = 32;

/**
 * Follows local `$ref`s (`#`, `#/$defs/…`, `#/definitions/…`, any JSON Pointer
 * into the root). Sibling keywords are kept, as 2020-12 allows them next to
 * `$ref`. Returns `undefined` for a reference that cannot be followed here
 * (remote, missing or looping), so callers fall back to a JSON editor.
 */
export function resolveSchema(schema: JsonSchema, root: JsonSchema): JsonSchema | undefined {
  let current: JsonSchema = schema;
  for (let hops = 0; hops < MAX_REF_HOPS; hops++) {
    if (typeof current === "boolean" || typeof current.$ref !== "string") return current;
    const { $ref, ...siblings } = current;
    const target = followRef($ref, root);
    if (target === undefined) return undefined;
    if (typeof target === "boolean") return Object.keys(siblings).length > 0 ? siblings : target;
    current = { ...target, ...siblings };
  }
  return undefined;
}

function followRef(ref: string, root: JsonSchema): JsonSchema | undefined {
  if (ref !== "#" && !ref.startsWith("#/")) return undefined;
  let node: unknown = root;
  for (const segment of pointerSegments(decodeURIComponent(ref.slice(1)))) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return typeof node === "boolean" || (typeof node === "object" && node !== null && !Array.isArray(node))
    ? (node as JsonSchema)
    : undefined;
}

/** The schema as an object (`true` becomes `{}`; `false` stays a marker the caller checks). */
export function asObject(schema: JsonSchema): JsonSchemaObject {
  return typeof schema === "boolean" ? {} : schema;
}
