import { formatProblem } from "./formats";
import { jsonEqual, jsonLabel } from "./json";
import { childPointer } from "./pointer";
import { resolveSchema } from "./resolve";
import type { Issue, JsonSchema, JsonSchemaObject, JsonType } from "./types";
import { isRecord } from "@/lib/guards";
import { plural } from "@/lib/plural";

const TYPE_NAMES: Record<JsonType, string> = {
  string: "text",
  number: "a number",
  integer: "a whole number",
  boolean: "true or false",
  object: "an object",
  array: "a list",
  null: "null",
};

/**
 * Checks tool arguments against the supported subset of JSON Schema before
 * they are sent. Keywords outside the subset are ignored: the server is the
 * final judge, this only catches what a person can fix in the form.
 */
export function validateArguments(schema: JsonSchema, value: unknown, options: ValidateOptions = {}): Issue[] {
  const issues: Issue[] = [];
  const ctx = { root: schema, compilePattern: options.compilePattern ?? compilePattern };
  check(schema, value === undefined ? {} : value, "", ctx, issues);
  return issues;
}

export interface ValidateOptions {
  /**
   * Compiles a schema's `pattern`, or returns undefined to leave it unchecked.
   * The default is JavaScript's RegExp, which backtracks: where the schema
   * comes from a server and the text from anyone, pass a linear-time engine.
   */
  compilePattern?: (pattern: string) => { test(text: string): boolean } | undefined;
}

interface Context {
  root: JsonSchema;
  compilePattern: NonNullable<ValidateOptions["compilePattern"]>;
}

/** Whether `value` satisfies `schema` (no issues). */
function isValid(schema: JsonSchema, value: unknown, ctx: Context): boolean {
  const issues: Issue[] = [];
  check(schema, value, "", ctx, issues);
  return issues.length === 0;
}

function check(schema: JsonSchema, value: unknown, path: string, ctx: Context, issues: Issue[]): void {
  const resolved = resolveSchema(schema, ctx.root);
  if (resolved === undefined || resolved === true) return;
  if (resolved === false) {
    issues.push({ path, message: "No value is allowed here" });
    return;
  }
  const s = resolved;
  const add = (message: string) => issues.push({ path, message });

  if (!checkType(s, value, add)) return;

  if (s.enum && !s.enum.some((option) => jsonEqual(option, value))) {
    add(`Must be one of: ${s.enum.map(jsonLabel).join(", ")}`);
  }
  if ("const" in s && !jsonEqual(s.const, value)) add(`Must be ${jsonLabel(s.const)}`);

  if (typeof value === "string") checkString(s, value, ctx, add);
  else if (typeof value === "number") checkNumber(s, value, add);
  else if (Array.isArray(value)) checkArray(s, value, path, ctx, issues);
  else if (isRecord(value)) checkObject(s, value, path, ctx, issues);

  for (const part of s.allOf ?? []) check(part, value, path, ctx, issues);
  if (s.anyOf) checkAlternatives(s.anyOf, value, path, ctx, issues, false);
  if (s.oneOf) checkAlternatives(s.oneOf, value, path, ctx, issues, true);
  if (s.not !== undefined && isValid(s.not, value, ctx)) add("This value is not allowed");
}

function matchesType(type: JsonType, value: unknown): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "boolean":
      return typeof value === "boolean";
    case "null":
      return value === null;
    case "array":
      return Array.isArray(value);
    case "object":
      return isRecord(value);
  }
}

/** False (after reporting) when the type is wrong: further checks would only repeat the point. */
function checkType(s: JsonSchemaObject, value: unknown, add: (message: string) => void): boolean {
  if (s.type === undefined) return true;
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.some((t) => matchesType(t, value))) return true;
  add(`Must be ${types.map((t) => TYPE_NAMES[t] ?? t).join(" or ")}`);
  return false;
}

function checkString(s: JsonSchemaObject, value: string, ctx: Context, add: (message: string) => void): void {
  // Characters as people count them (code points), as JSON Schema specifies.
  const length = [...value].length;
  if (s.minLength !== undefined && length < s.minLength) {
    add(s.minLength === 1 ? "Must not be empty" : `Must be at least ${plural(s.minLength, "character")}`);
  }
  if (s.maxLength !== undefined && length > s.maxLength) {
    add(`Must be at most ${plural(s.maxLength, "character")}`);
  }
  if (s.pattern !== undefined) {
    const regex = ctx.compilePattern(s.pattern);
    if (regex && !regex.test(value)) add(`Must match the pattern ${s.pattern}`);
  }
  if (s.format !== undefined) {
    const problem = formatProblem(s.format, value);
    if (problem) add(problem);
  }
}

/** An invalid pattern in a server's schema is the server's bug; it must not block the call. */
function compilePattern(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, "u");
  } catch {
    try {
      return new RegExp(pattern);
    } catch {
      return undefined;
    }
  }
}

function checkNumber(s: JsonSchemaObject, value: number, add: (message: string) => void): void {
  // Draft 4 spelled exclusivity as a boolean next to minimum/maximum.
  const exclusiveMin = s.exclusiveMinimum === true ? s.minimum : numberOrUndefined(s.exclusiveMinimum);
  const exclusiveMax = s.exclusiveMaximum === true ? s.maximum : numberOrUndefined(s.exclusiveMaximum);
  const inclusiveMin = s.exclusiveMinimum === true ? undefined : s.minimum;
  const inclusiveMax = s.exclusiveMaximum === true ? undefined : s.maximum;

  if (inclusiveMin !== undefined && value < inclusiveMin) add(`Must be at least ${inclusiveMin}`);
  if (exclusiveMin !== undefined && value <= exclusiveMin) add(`Must be greater than ${exclusiveMin}`);
  if (inclusiveMax !== undefined && value > inclusiveMax) add(`Must be at most ${inclusiveMax}`);
  if (exclusiveMax !== undefined && value >= exclusiveMax) add(`Must be less than ${exclusiveMax}`);
  if (s.multipleOf !== undefined && s.multipleOf > 0 && !isMultiple(value, s.multipleOf)) {
    add(`Must be a multiple of ${s.multipleOf}`);
  }
}

function numberOrUndefined(v: unknown): number | undefined {
  return typeof v === "number" ? v : undefined;
}

/** Tolerates binary floating point: 0.3 is a multiple of 0.1. */
function isMultiple(value: number, step: number): boolean {
  const quotient = value / step;
  return Math.abs(quotient - Math.round(quotient)) < 1e-9 * Math.max(1, Math.abs(quotient));
}

function checkArray(s: JsonSchemaObject, value: unknown[], path: string, ctx: Context, issues: Issue[]): void {
  if (s.minItems !== undefined && value.length < s.minItems) {
    issues.push({ path, message: `Must have at least ${plural(s.minItems, "item")}` });
  }
  if (s.maxItems !== undefined && value.length > s.maxItems) {
    issues.push({ path, message: `Must have at most ${plural(s.maxItems, "item")}` });
  }
  if (s.uniqueItems) {
    const duplicate = value.findIndex((item, i) => value.slice(0, i).some((earlier) => jsonEqual(earlier, item)));
    if (duplicate >= 0) issues.push({ path: childPointer(path, duplicate), message: "Duplicates an earlier item" });
  }
  const positional = s.prefixItems ?? (Array.isArray(s.items) ? s.items : undefined);
  const rest = Array.isArray(s.items) ? (s.additionalItems as JsonSchema | undefined) : s.items;
  value.forEach((item, i) => {
    const itemSchema = positional && i < positional.length ? positional[i] : rest;
    if (itemSchema !== undefined) check(itemSchema, item, childPointer(path, i), ctx, issues);
  });
}

function checkObject(
  s: JsonSchemaObject,
  value: Record<string, unknown>,
  path: string,
  ctx: Context,
  issues: Issue[],
): void {
  for (const key of s.required ?? []) {
    if (value[key] === undefined) issues.push({ path: childPointer(path, key), message: "Required" });
  }
  const properties = s.properties ?? {};
  for (const [key, child] of Object.entries(value)) {
    if (child === undefined) continue;
    if (Object.prototype.hasOwnProperty.call(properties, key)) {
      check(properties[key], child, childPointer(path, key), ctx, issues);
    } else if (s.additionalProperties === false) {
      issues.push({ path: childPointer(path, key), message: `Unknown property "${key}"` });
    } else if (s.additionalProperties !== undefined) {
      check(s.additionalProperties, child, childPointer(path, key), ctx, issues);
    }
  }
  const count = Object.values(value).filter((v) => v !== undefined).length;
  if (s.minProperties !== undefined && count < s.minProperties) {
    issues.push({ path, message: `Must have at least ${plural(s.minProperties, "property", "properties")}` });
  }
  if (s.maxProperties !== undefined && count > s.maxProperties) {
    issues.push({ path, message: `Must have at most ${plural(s.maxProperties, "property", "properties")}` });
  }
}

/**
 * `anyOf`/`oneOf`: when no branch fits, the issues of the branch meant for the
 * value's own type are the useful ones ("must be at least 1" beats "matches
 * no allowed form").
 */
function checkAlternatives(
  branches: JsonSchema[],
  value: unknown,
  path: string,
  ctx: Context,
  issues: Issue[],
  exactlyOne: boolean,
): void {
  const results = branches.map((branch) => {
    const found: Issue[] = [];
    check(branch, value, path, ctx, found);
    return { branch, found };
  });
  const passing = results.filter((r) => r.found.length === 0).length;
  if (passing === 0) {
    const sameType = results.find(({ branch }) => {
      const resolved = resolveSchema(branch, ctx.root);
      if (typeof resolved !== "object" || resolved.type === undefined) return false;
      const types = Array.isArray(resolved.type) ? resolved.type : [resolved.type];
      return types.some((t) => matchesType(t, value));
    });
    if (sameType) issues.push(...sameType.found);
    else issues.push({ path, message: "Does not match any of the allowed forms" });
  } else if (exactlyOne && passing > 1) {
    issues.push({ path, message: "Matches more than one of the allowed forms (exactly one is expected)" });
  }
}
