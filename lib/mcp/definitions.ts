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

/** A server's four lists of definitions, as discovered or stored. */
export interface DefinitionLists {
  tools: readonly object[];
  resources: readonly object[];
  resourceTemplates: readonly object[];
  prompts: readonly object[];
}

const LIST_KINDS: [keyof DefinitionLists, InventoryKind][] = [
  ["tools", "tool"],
  ["resources", "resource"],
  ["resourceTemplates", "resource_template"],
  ["prompts", "prompt"],
];

/** One definition's identity: `index` is its place in its list. */
export interface HashedDefinition {
  kind: InventoryKind;
  key: string;
  hash: string;
  index: number;
}

/**
 * Every definition's key and hash, the first of each key only (a server
 * listing a name twice is used by clients at its first), and the hash of the
 * whole tool list. Linear in the size of the lists; run on a worker thread
 * when they are large (lib/worker-pool).
 */
export function definitionEntries(lists: DefinitionLists): { items: HashedDefinition[]; toolsHash: string } {
  const items: HashedDefinition[] = [];
  const seen = new Set<string>();
  for (const [list, kind] of LIST_KINDS) {
    lists[list].forEach((item, index) => {
      const definition = item as Loose;
      const key = definitionKey(kind, definition);
      if (seen.has(`${kind}:${key}`)) return;
      seen.add(`${kind}:${key}`);
      items.push({ kind, key, hash: definitionHash(kind, definition), index });
    });
  }
  return { items, toolsHash: hashOfToolHashes(items.filter((i) => i.kind === "tool")) };
}

/** One hash over a tool list from each tool's name and hash, in name order: the order a server lists them in does not count. */
export function hashOfToolHashes(tools: readonly { key: string; hash: string }[]): string {
  const lines = [...tools].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map((t) => `${t.key}\t${t.hash}`);
  return createHash("sha256").update(lines.join("\n")).digest("hex");
}

export const toolDefinition = (t: Loose) => pick(t, ["title", "execution", ...HASHED.tool]) as unknown as ToolDefinition;
export const promptDefinition = (p: Loose) => pick(p, ["title", ...HASHED.prompt]) as unknown as PromptDefinition;
export const resourceDefinition = (r: Loose) => pick(r, ["title", ...HASHED.resource]) as unknown as ResourceDefinition;
export const templateDefinition = (r: Loose) =>
  pick(r, ["title", ...HASHED.resource_template]) as unknown as ResourceTemplateDefinition;
