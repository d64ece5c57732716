import { finding } from "../findings";
import type { Finding, Rule } from "../types";
import { pointer } from "../walk";

/**
 * Weak input contracts: a tool without a description, parameters without
 * descriptions, strings and arrays without bounds, objects that accept any
 * extra property. None is an attack, but each leaves the model guessing and
 * the server accepting more than it needs. One finding per schema node,
 * naming all of its problems.
 */

type Schema = Record<string, unknown>;

const isSchema = (v: unknown): v is Schema => v !== null && typeof v === "object" && !Array.isArray(v);
const MAX_DEPTH = 32;

function types(node: Schema): Set<string> {
  const t = node.type;
  if (typeof t === "string") return new Set([t]);
  if (Array.isArray(t)) return new Set(t.filter((x): x is string => typeof x === "string"));
  if (isSchema(node.properties)) return new Set(["object"]);
  return new Set();
}

function problemsOf(node: Schema, isProperty: boolean): string[] {
  const problems: string[] = [];
  const t = types(node);
  const closed = node.enum !== undefined || node.const !== undefined;
  if (isProperty && (typeof node.description !== "string" || node.description.trim() === "")) problems.push("no description");
  if (t.has("string") && !closed && node.maxLength === undefined && node.format === undefined && node.pattern === undefined) {
    problems.push("string without maxLength");
  }
  if (t.has("array") && node.maxItems === undefined) problems.push("array without maxItems");
  if (t.has("object") && node.additionalProperties !== false && node.unevaluatedProperties !== false) {
    problems.push("accepts additional properties");
  }
  return problems;
}

function walk(node: unknown, path: string, label: string, isProperty: boolean, depth: number, emit: (path: string, text: string) => void) {
  if (!isSchema(node) || depth > MAX_DEPTH) return;
  const problems = problemsOf(node, isProperty);
  if (problems.length > 0) emit(path, `${label}: ${problems.join(", ")}`);
  if (isSchema(node.properties)) {
    for (const [name, child] of Object.entries(node.properties)) {
      walk(child, pointer(pointer(path, "properties"), name), name, true, depth + 1, emit);
    }
  }
  if (isSchema(node.items)) walk(node.items, pointer(path, "items"), `${label}[]`, false, depth + 1, emit);
  for (const combinator of ["anyOf", "oneOf", "allOf"]) {
    const list = node[combinator];
    if (Array.isArray(list)) list.forEach((child, i) => walk(child, pointer(pointer(path, combinator), i), label, false, depth + 1, emit));
  }
  if (isSchema(node.additionalProperties)) walk(node.additionalProperties, pointer(path, "additionalProperties"), `${label}{}`, false, depth + 1, emit);
}

export const schemaHygiene: Rule = {
  id: "schema-hygiene",
  title: "Schema hygiene",
  severity: "info",
  tier: "full",
  reads: "Tool descriptions and input schemas, prompt arguments.",
  remediation:
    "Ask the maintainer to describe every tool and parameter, bound strings (maxLength, enum, pattern) and arrays (maxItems), and set additionalProperties to false: the model guesses less and the server accepts only what it needs.",
  check(input) {
    const out: Finding[] = [];
    for (const tool of input.tools) {
      const target = (path: string) => ({ kind: "tool" as const, name: tool.name, path });
      if (!tool.description?.trim()) out.push(finding(schemaHygiene, "low", target("/description"), `${tool.name}: no description`));
      walk(tool.inputSchema, "/inputSchema", "input", false, 0, (path, text) => out.push(finding(schemaHygiene, "info", target(path), text)));
    }
    for (const prompt of input.prompts) {
      (prompt.arguments ?? []).forEach((arg, i) => {
        if (arg.description?.trim()) return;
        out.push(finding(schemaHygiene, "info", { kind: "prompt", name: prompt.name, path: `/arguments/${i}` }, `${arg.name}: no description`));
      });
    }
    return out;
  },
};
