import { createHash } from "node:crypto";
import type { PromptDefinition, ResourceDefinition, ResourceTemplateDefinition, ToolDefinition } from "./types";

/**
 * What is kept of each discovered item, and its hash. The hash covers what
 * a model is shown (a tool's name, description, input and output schemas
 * and annotations; the equivalent for the other kinds), so that a changed
 * definition — a rug pull — changes the hash. The display title and a
 * tool's execution hints (whether it runs as an MCP task) are kept but not
 * hashed.
 */

export type InventoryKind = "tool" | "resource" | "resource_template" | "prompt";

type Loose = Record<string, unknown>;

const HASHED: Record<InventoryKind, string[]> = {
  tool: ["name", "description", "inputSchema", "outputSchema", "annotations"],
  prompt: ["name", "description", "arguments"],
  resource: ["uri", "name", "description", "mimeType"],
  resource_template: ["uriTemplate", "name", "description", "mimeType"],
};

const KEY_FIELD: Record<InventoryKind, string> = {
  tool: "name",
  prompt: "name",
  resource: "uri",
  resource_template: "uriTemplate",
};

function pick(source: Loose, fields: string[]): Loose {
  const out: Loose = {};
  for (const f of fields) if (source[f] !== undefined) out[f] = source[f];
  return out;
}

/** JSON with object keys sorted at every depth: equal definitions give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Loose)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

export function definitionHash(kind: InventoryKind, definition: Loose): string {
  return createHash("sha256").update(canonicalJson(pick(definition, HASHED[kind]))).digest("hex");
}

export const definitionKey = (kind: InventoryKind, definition: Loose): string => String(definition[KEY_FIELD[kind]]);

export const toolDefinition = (t: Loose) => pick(t, ["title", "execution", ...HASHED.tool]) as unknown as ToolDefinition;
export const promptDefinition = (p: Loose) => pick(p, ["title", ...HASHED.prompt]) as unknown as PromptDefinition;
export const resourceDefinition = (r: Loose) => pick(r, ["title", ...HASHED.resource]) as unknown as ResourceDefinition;
export const templateDefinition = (r: Loose) =>
  pick(r, ["title", ...HASHED.resource_template]) as unknown as ResourceTemplateDefinition;
