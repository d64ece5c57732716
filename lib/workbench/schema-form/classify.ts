import { jsonLabel } from "./json";
import { asObject, resolveSchema } from "./resolve";
import type { JsonSchema, JsonSchemaObject, JsonType } from "./types";
import { isRecord } from "@/lib/guards";

/** A JSON value's type, as a union branch is told apart by it (integers count as numbers). */
export type ValueType = "string" | "number" | "boolean" | "null" | "object" | "array";

export interface UnionBranch {
  schema: JsonSchemaObject;
  label: string;
  type: ValueType;
}

/** How the form edits one value. */
export type Field =
  | { kind: "string"; schema: JsonSchemaObject }
  | { kind: "number"; schema: JsonSchemaObject; integer: boolean }
  | { kind: "boolean"; schema: JsonSchemaObject }
  | { kind: "null"; schema: JsonSchemaObject }
  | { kind: "enum"; schema: JsonSchemaObject; options: unknown[]; labels: string[] }
  /** A list of distinct choices from a fixed set: checkboxes. */
  | { kind: "choices"; schema: JsonSchemaObject; options: unknown[]; labels: string[] }
  | { kind: "const"; schema: JsonSchemaObject; value: unknown }
  | { kind: "object"; schema: JsonSchemaObject }
  | { kind: "array"; schema: JsonSchemaObject; items: JsonSchema }
  | { kind: "union"; schema: JsonSchemaObject; branches: UnionBranch[] }
  | { kind: "json"; schema: JsonSchemaObject };

const TYPE_LABELS: Record<ValueType, string> = {
  string: "Text",
  number: "Number",
  boolean: "True or false",
  null: "Null",
  object: "Object",
  array: "List",
};

function valueType(value: unknown): ValueType | undefined {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (isRecord(value)) return "object";
  if (typeof value === "string" || typeof value === "boolean") return typeof value as ValueType;
  if (typeof value === "number" && Number.isFinite(value)) return "number";
  return undefined;
}

/**
 * Decides which control edits a value of `schema`. Anything the form cannot
 * express faithfully (tuples, maps, `allOf`, unions it cannot tell apart by
 * type, unresolvable `$ref`s) becomes `json`: a JSON editor for that value.
 */
export function classify(schema: JsonSchema, root: JsonSchema): Field {
  const resolved = resolveSchema(schema, root);
  if (resolved === undefined || typeof resolved === "boolean") {
    return { kind: "json", schema: resolved === undefined ? asObject(schema) : {} };
  }
  const s = resolved;
  if ("const" in s) return { kind: "const", schema: s, value: s.const };
  const choice = choicesOf(s, root);
  if (choice) return { kind: "enum", schema: s, ...choice };
  if (s.allOf) return { kind: "json", schema: s };
  const alternatives = s.oneOf ?? s.anyOf;
  if (alternatives) return union(s, alternatives.map((b) => mergeBranch(s, b, root)), root);

  const types = typeList(s);
  if (types.length > 1) {
    return union(s, types.map((type) => ({ ...s, type })), root);
  }
  switch (types[0]) {
    case "string":
      return { kind: "string", schema: s };
    case "number":
    case "integer":
      return { kind: "number", schema: s, integer: types[0] === "integer" };
    case "boolean":
      return { kind: "boolean", schema: s };
    case "null":
      return { kind: "null", schema: s };
    case "object":
      // Without named properties the object is a free-form map: only JSON says it well.
      return s.properties || s.additionalProperties === false
        ? { kind: "object", schema: s }
        : { kind: "json", schema: s };
    case "array": {
      if (Array.isArray(s.items) || s.prefixItems) return { kind: "json", schema: s };
      // A list of choices from a fixed set (MCP's multi-select: `items.enum`, or `items.anyOf` of titled consts).
      const itemChoices = s.items === undefined ? null : choicesOf(resolveSchema(s.items, root), root);
      if (itemChoices) return { kind: "choices", schema: s, ...itemChoices };
      return { kind: "array", schema: s, items: s.items ?? true };
    }
    default:
      return { kind: "json", schema: s };
  }
}

/**
 * The fixed options of a schema and the words shown for them: `enum` (with the
 * legacy `enumNames` as its labels), or `oneOf`/`anyOf` whose every branch is a
 * `const`, labelled by its `title` (MCP elicitation's titled enums). The
 * value sent is always the option itself, never its label.
 */
function choicesOf(s: JsonSchema | undefined, root: JsonSchema): { options: unknown[]; labels: string[] } | null {
  if (s === undefined || typeof s === "boolean") return null;
  if (Array.isArray(s.enum) && s.enum.length > 0) {
    const names = s.enumNames;
    const named = Array.isArray(names) && names.length === s.enum.length && names.every((n) => typeof n === "string");
    return { options: s.enum, labels: named ? (names as string[]) : s.enum.map(jsonLabel) };
  }
  const alternatives = s.oneOf ?? s.anyOf;
  if (!alternatives || alternatives.length === 0) return null;
  const branches = alternatives.map((b) => resolveSchema(b, root));
  if (!branches.every((b): b is JsonSchemaObject => typeof b === "object" && b !== null && "const" in b)) return null;
  return {
    options: branches.map((b) => b.const),
    labels: branches.map((b) => (typeof b.title === "string" && b.title.trim() ? b.title : jsonLabel(b.const))),
  };
}

function typeList(s: JsonSchemaObject): JsonType[] {
  if (Array.isArray(s.type)) return [...new Set(s.type)];
  if (s.type) return [s.type];
  if (s.properties) return ["object"];
  if (s.items !== undefined) return ["array"];
  return [];
}

/** A branch inherits nothing but is resolved; the parent's own keywords (title, default) stay on the parent. */
function mergeBranch(parent: JsonSchemaObject, branch: JsonSchema, root: JsonSchema): JsonSchemaObject | undefined {
  const resolved = resolveSchema(branch, root);
  if (resolved === undefined || typeof resolved === "boolean") return undefined;
  // A parent `type` narrows every branch (`{"type": "string", "anyOf": [...]}`).
  return parent.type && !resolved.type ? { ...resolved, type: parent.type } : resolved;
}

function union(parent: JsonSchemaObject, candidates: (JsonSchemaObject | undefined)[], root: JsonSchema): Field {
  const branches: UnionBranch[] = [];
  for (const candidate of candidates) {
    if (!candidate) return { kind: "json", schema: parent };
    const field = classify(candidate, root);
    const type = fieldValueType(field);
    if (!type || field.kind === "json" || field.kind === "union") return { kind: "json", schema: parent };
    if (branches.some((b) => b.type === type)) return { kind: "json", schema: parent };
    branches.push({ schema: field.schema, label: candidate.title ?? TYPE_LABELS[type], type });
  }
  return branches.length > 0 ? { kind: "union", schema: parent, branches } : { kind: "json", schema: parent };
}

function fieldValueType(field: Field): ValueType | undefined {
  switch (field.kind) {
    case "string":
    case "boolean":
    case "null":
    case "object":
    case "array":
      return field.kind;
    case "choices":
      return "array";
    case "number":
      return "number";
    case "const":
      return valueType(field.value);
    case "enum": {
      const types = new Set(field.options.map(valueType));
      return types.size === 1 ? [...types][0] : undefined;
    }
    default:
      return undefined;
  }
}

/** The branch a value belongs to, by its JSON type. */
export function branchFor(branches: UnionBranch[], value: unknown): number {
  const type = valueType(value);
  return branches.findIndex((b) => b.type === type);
}

/** Whether the form for `schema` marks any field required: nested objects count, and list rows always are. */
export function marksRequired(schema: JsonSchema, root: JsonSchema, depth = 0): boolean {
  // Recursive schemas are laid out lazily; a few levels tell enough.
  if (depth > 6) return false;
  const field = classify(schema, root);
  switch (field.kind) {
    case "object":
      return (
        (field.schema.required ?? []).length > 0 ||
        Object.values(field.schema.properties ?? {}).some((child) => marksRequired(child, root, depth + 1))
      );
    case "array":
      return true;
    case "union":
      return field.branches.some((b) => marksRequired(b.schema, root, depth + 1));
    default:
      return false;
  }
}
