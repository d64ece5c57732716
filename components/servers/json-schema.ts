/**
 * A tool's JSON Schema as readable rows (name, type, required, description),
 * nested properties indented under their parent. Only what a reader needs; the
 * raw schema is shown next to it for the rest.
 */

type Schema = Record<string, unknown>;

export interface SchemaRow {
  /** Dotted path: `options.depth`, `items[].id`. */
  path: string;
  name: string;
  depth: number;
  type: string;
  required: boolean;
  description: string | null;
  /** Allowed values, default, bounds: short facts worth a glance. */
  notes: string[];
}

const MAX_DEPTH = 4;
const MAX_ROWS = 200;

function isSchema(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function short(value: unknown): string {
  const text = typeof value === "string" ? JSON.stringify(value) : JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

export function typeLabel(schema: unknown): string {
  if (!isSchema(schema)) return "any";
  if (typeof schema.$ref === "string") return schema.$ref.split("/").pop() || "ref";
  if ("const" in schema) return `const ${short(schema.const)}`;
  const union = (schema.anyOf ?? schema.oneOf) as unknown;
  if (Array.isArray(union)) return [...new Set(union.map(typeLabel))].join(" | ");
  const types = Array.isArray(schema.type) ? (schema.type as unknown[]).map(String) : typeof schema.type === "string" ? [schema.type] : [];
  if (types.length === 0) {
    if (isSchema(schema.properties)) return "object";
    if (Array.isArray(schema.enum)) return "enum";
    return "any";
  }
  return types
    .map((t) => (t === "array" && isSchema(schema.items) ? `${typeLabel(schema.items)}[]` : t))
    .join(" | ");
}

function notesFor(schema: Schema): string[] {
  const notes: string[] = [];
  if (Array.isArray(schema.enum)) notes.push(`one of ${schema.enum.map(short).join(", ")}`);
  if ("default" in schema) notes.push(`default ${short(schema.default)}`);
  for (const [key, label] of [
    ["minimum", "min"],
    ["maximum", "max"],
    ["minLength", "min length"],
    ["maxLength", "max length"],
    ["minItems", "min items"],
    ["maxItems", "max items"],
  ] as const) {
    if (typeof schema[key] === "number") notes.push(`${label} ${schema[key]}`);
  }
  if (typeof schema.format === "string") notes.push(`format ${schema.format}`);
  if (typeof schema.pattern === "string") notes.push(`pattern ${short(schema.pattern)}`);
  return notes;
}

/** The object whose properties are listed under a property, if any. */
function nestedObject(schema: Schema): { properties: Schema; required: unknown; suffix: string } | null {
  if (isSchema(schema.properties)) return { properties: schema.properties, required: schema.required, suffix: "" };
  if (isSchema(schema.items) && isSchema(schema.items.properties)) {
    return { properties: schema.items.properties, required: schema.items.required, suffix: "[]" };
  }
  return null;
}

export function schemaRows(schema: unknown): SchemaRow[] {
  const rows: SchemaRow[] = [];
  function walk(properties: Schema, required: unknown, parent: string, depth: number) {
    const requiredSet = new Set(Array.isArray(required) ? required.map(String) : []);
    for (const [name, raw] of Object.entries(properties)) {
      if (rows.length >= MAX_ROWS) return;
      const prop = isSchema(raw) ? raw : {};
      const path = parent ? `${parent}.${name}` : name;
      rows.push({
        path,
        name,
        depth,
        type: typeLabel(prop),
        required: requiredSet.has(name),
        description: typeof prop.description === "string" && prop.description.trim() ? prop.description.trim() : null,
        notes: notesFor(prop),
      });
      const nested = nestedObject(prop);
      if (nested && depth + 1 < MAX_DEPTH) walk(nested.properties, nested.required, `${path}${nested.suffix}`, depth + 1);
    }
  }
  if (isSchema(schema) && isSchema(schema.properties)) walk(schema.properties, schema.required, "", 0);
  return rows;
}
