import { classify, type Field } from "./classify";
import { describePointer, pointerSegments } from "./pointer";
import { resolveSchema } from "./resolve";
import type { JsonSchema } from "./types";

/**
 * The labels the form shows on the way to the value at `pointer` ("Full name",
 * "Address › City", "tags item 2"), for messages that point at a field. Below
 * what the form lays out (inside a JSON editor) it continues with the keys.
 */
export function labelAt(root: JsonSchema, pointer: string): string {
  const segments = pointerSegments(pointer);
  if (segments.length === 0) return describePointer(pointer);
  let schema: JsonSchema | undefined = root;
  let label = "";
  for (const segment of segments) {
    const field: Field | undefined = schema === undefined ? undefined : container(classify(schema, root), segment, root);
    if (field?.kind === "object" && field.schema.properties && segment in field.schema.properties) {
      schema = field.schema.properties[segment];
      const resolved = resolveSchema(schema, root);
      const own = (typeof resolved === "object" && resolved.title) || segment;
      label = label ? `${label} › ${own}` : own;
    } else if (field?.kind === "array" && /^\d+$/.test(segment)) {
      schema = field.items;
      label = `${label} item ${Number(segment) + 1}`;
    } else {
      schema = undefined;
      label = label ? `${label} › ${/^\d+$/.test(segment) ? Number(segment) + 1 : segment}` : segment;
    }
  }
  return label;
}

/** A union shows the branch of the value's type: an index means the list, a key the object. */
function container(field: Field, segment: string, root: JsonSchema): Field | undefined {
  if (field.kind !== "union") return field;
  const wanted = /^\d+$/.test(segment) ? "array" : "object";
  const branch = field.branches.find((b) => b.type === wanted);
  return branch ? classify(branch.schema, root) : undefined;
}
