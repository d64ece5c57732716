import type { JsonSchema } from "./types";

/**
 * A JSON Schema as a readable tree: each field with its type, whether it is
 * required, its description and its limits; objects and arrays of objects
 * open into their fields, unions into their variants.
 */

const MAX_DEPTH = 6;

/** The variants of a union, nulls aside (a nullable field says "or null" in its type instead). */
function variants(schema: JsonSchema): JsonSchema[] {
  return (schema.anyOf ?? schema.oneOf ?? []).filter((s) => s.type !== "null");
}

function isNullable(schema: JsonSchema): boolean {
  return (schema.anyOf ?? schema.oneOf ?? []).some((s) => s.type === "null") || (Array.isArray(schema.type) && schema.type.includes("null"));
}

const literal = (value: unknown) => JSON.stringify(value);

/** A short name for the schema's type: `string (date-time)`, `array of object`, `"up" | "down"`. */
export function typeLabel(schema: JsonSchema): string {
  if (schema.$ref) return schema.$ref.split("/").pop() ?? "object";
  if (schema.const !== undefined) return literal(schema.const);
  if (schema.enum) return schema.enum.map(literal).join(" | ");
  const union = variants(schema);
  if (union.length) {
    const label = union.length === 1 ? typeLabel(union[0]) : union.map(typeLabel).join(" | ");
    return isNullable(schema) ? `${label} | null` : label;
  }
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type ?? "any"]).filter((t) => t !== "null");
  let label = types.join(" | ");
  if (label === "array") label = `array of ${schema.items ? typeLabel(schema.items) : "any"}`;
  if (label === "object" && !schema.properties && typeof schema.additionalProperties === "object") {
    label = `map of ${typeLabel(schema.additionalProperties)}`;
  }
  if (schema.format) label += ` (${schema.format})`;
  return isNullable(schema) ? `${label} | null` : label;
}

function limits(schema: JsonSchema): string[] {
  const found: string[] = [];
  if (schema.minLength !== undefined) found.push(`at least ${schema.minLength} characters`);
  if (schema.maxLength !== undefined) found.push(`at most ${schema.maxLength} characters`);
  // zod bounds every integer by the safe range: worth saying only when narrower.
  if (schema.minimum !== undefined && schema.minimum > Number.MIN_SAFE_INTEGER) found.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER) found.push(`≤ ${schema.maximum}`);
  if (schema.default !== undefined) found.push(`default ${literal(schema.default)}`);
  return found;
}

/** What a field opens into: an object's fields, an array's item's fields, a union's variants. */
function inner(schema: JsonSchema): JsonSchema | JsonSchema[] | null {
  if (schema.properties && Object.keys(schema.properties).length) return schema;
  if (schema.items) return inner(schema.items);
  if (typeof schema.additionalProperties === "object") return inner(schema.additionalProperties);
  const union = variants(schema);
  if (union.length === 1) return inner(union[0]);
  if (union.some((v) => v.properties)) return union;
  return null;
}

function Children({ schema, depth }: { schema: JsonSchema; depth: number }) {
  const next = inner(schema);
  if (!next || depth >= MAX_DEPTH) return null;
  if (Array.isArray(next)) {
    return (
      <ol className="mt-2 space-y-2 border-l pl-3 sm:pl-4" aria-label="One of">
        {next.map((variant, i) => (
          <li key={i}>
            <p className="text-xs font-medium text-muted-foreground">Variant {i + 1}</p>
            <Fields schema={variant} depth={depth + 1} />
          </li>
        ))}
      </ol>
    );
  }
  return <Fields schema={next} depth={depth + 1} nested />;
}

function Fields({ schema, depth, nested = false }: { schema: JsonSchema; depth: number; nested?: boolean }) {
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(schema.properties ?? {});
  if (!entries.length) return <p className="mt-1 font-mono text-xs">{typeLabel(schema)}</p>;
  return (
    <ul className={nested ? "mt-2 space-y-2 border-l pl-3 sm:pl-4" : "space-y-2"}>
      {entries.map(([name, field]) => (
        <li key={name} className="text-sm">
          <p className="flex flex-wrap items-baseline gap-x-2">
            <code className="font-mono font-semibold wrap-anywhere">{name}</code>
            <span className="font-mono text-xs wrap-anywhere text-muted-foreground">{typeLabel(field)}</span>
            <span className="text-xs text-muted-foreground">{required.has(name) ? "required" : "optional"}</span>
          </p>
          {field.description ? <p className="mt-0.5 text-muted-foreground">{field.description}</p> : null}
          {limits(field).length ? <p className="mt-0.5 text-xs text-muted-foreground">{limits(field).join(", ")}</p> : null}
          <Children schema={field} depth={depth} />
        </li>
      ))}
    </ul>
  );
}

export function SchemaView({ schema }: { schema: JsonSchema }) {
  return (
    <div className="text-sm">
      {schema.description ? <p className="mb-2 text-muted-foreground">{schema.description}</p> : null}
      {schema.properties ? <Fields schema={schema} depth={0} /> : (
        <>
          <p className="font-mono text-xs">{typeLabel(schema)}</p>
          <Children schema={schema} depth={0} />
        </>
      )}
    </div>
  );
}
