import { definitionHash, definitionKey, type InventoryKind } from "../../mcp/definitions";
import { diffJson } from "../definition-diff";
import { finding } from "../findings";
import type { BaselineItem, DefinitionDiff, Finding, Rule, ScanInput, Severity } from "../types";

/**
 * Rug pull: a server that changes a definition after you approved it. Each
 * whole definition (for a tool: name, description, input and output schemas,
 * annotations) is hashed over canonical JSON, so reordered keys are not a
 * change and any changed word, property, enum value or annotation is.
 */

type Loose = Record<string, unknown>;

const SEVERITY: Record<DefinitionDiff["change"], Severity> = { changed: "high", added: "medium", removed: "low" };
const NOUN: Record<InventoryKind, string> = { tool: "tool", prompt: "prompt", resource: "resource", resource_template: "resource template" };
const SHOWN = 5;

function current(input: ScanInput): [InventoryKind, Loose[]][] {
  return [
    ["tool", input.tools as unknown as Loose[]],
    ["prompt", input.prompts as unknown as Loose[]],
    ["resource", input.resources as unknown as Loose[]],
    ["resource_template", input.resourceTemplates as unknown as Loose[]],
  ];
}

function describe(change: DefinitionDiff["change"], kind: InventoryKind, key: string, diff: DefinitionDiff): string {
  if (change === "added") return `New ${NOUN[kind]} ${key} since the baseline was pinned.`;
  if (change === "removed") return `The ${NOUN[kind]} ${key} was pinned but is gone.`;
  const paths = diff.entries.map((e) => e.path || "/");
  const more = paths.length > SHOWN ? ` and ${paths.length - SHOWN} more` : "";
  return `${paths.length} change${paths.length === 1 ? "" : "s"} since the baseline: ${paths.slice(0, SHOWN).join(", ")}${more}.`;
}

export const rugPull: Rule = {
  id: "rug-pull",
  title: "Changed since the pinned baseline",
  severity: "high",
  tier: "full",
  reads: "Each whole definition (tools, prompts, resources, templates), hashed and compared with the pinned baseline.",
  remediation:
    "Read the diff. If you expected the change (a new release of the server), pin the baseline again; if not, disconnect the server: a definition that changes after approval is how a trusted tool turns malicious.",
  check(input) {
    if (!input.baseline) return [];
    const pinned = new Map<string, BaselineItem>();
    for (const item of input.baseline) pinned.set(`${item.kind}\u0000${item.key}`, item);
    const out: Finding[] = [];
    const emit = (change: DefinitionDiff["change"], kind: InventoryKind, key: string, entries: DefinitionDiff["entries"]) => {
      const diff: DefinitionDiff = { change, entries };
      out.push(finding(rugPull, SEVERITY[change], { kind, name: key, path: "" }, describe(change, kind, key, diff), diff));
    };
    for (const [kind, definitions] of current(input)) {
      for (const definition of definitions) {
        const key = definitionKey(kind, definition);
        const id = `${kind}\u0000${key}`;
        const before = pinned.get(id);
        pinned.delete(id);
        if (!before) emit("added", kind, key, [{ path: "", after: definition }]);
        else if (before.hash !== definitionHash(kind, definition)) emit("changed", kind, key, diffJson(before.definition, definition));
      }
    }
    for (const item of pinned.values()) emit("removed", item.kind, item.key, [{ path: "", before: item.definition }]);
    return out;
  },
};
