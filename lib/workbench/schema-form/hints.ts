import type { JsonSchemaObject } from "./types";
import { plural } from "@/lib/plural";

/** The bounds of a field in words ("1 to 10", "at most 20 characters"), shown before anyone gets them wrong. */
export function constraintHint(s: JsonSchemaObject, kind: "string" | "number" | "array"): string | undefined {
  const parts: string[] = [];
  if (kind === "string") {
    const range = rangeText(s.minLength, s.maxLength, (n) => plural(n, "character"));
    if (range) parts.push(range);
    if (s.pattern) parts.push(`pattern ${s.pattern}`);
  } else if (kind === "number") {
    const low =
      typeof s.exclusiveMinimum === "number" ? `more than ${s.exclusiveMinimum}`
      : s.minimum !== undefined ? `${s.exclusiveMinimum === true ? "more than" : "at least"} ${s.minimum}`
      : undefined;
    const high =
      typeof s.exclusiveMaximum === "number" ? `less than ${s.exclusiveMaximum}`
      : s.maximum !== undefined ? `${s.exclusiveMaximum === true ? "less than" : "at most"} ${s.maximum}`
      : undefined;
    if (low && high && low.startsWith("at least") && high.startsWith("at most")) {
      parts.push(`${s.minimum} to ${s.maximum}`);
    } else {
      if (low) parts.push(low);
      if (high) parts.push(high);
    }
    if (s.multipleOf !== undefined) parts.push(`a multiple of ${s.multipleOf}`);
  } else {
    const range = rangeText(s.minItems, s.maxItems, (n) => plural(n, "item"));
    if (range) parts.push(range);
    if (s.uniqueItems) parts.push("no duplicates");
  }
  if (parts.length === 0) return undefined;
  const text = parts.join(", ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function rangeText(min: number | undefined, max: number | undefined, unit: (n: number) => string): string | undefined {
  if (min !== undefined && max !== undefined) {
    return min === max ? `exactly ${unit(min)}` : `${min} to ${unit(max)}`;
  }
  if (min !== undefined && min > 0) return `at least ${unit(min)}`;
  if (max !== undefined) return `at most ${unit(max)}`;
  return undefined;
}
