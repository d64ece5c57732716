import { definitionHash, definitionKey, type InventoryKind } from "../mcp/definitions";
import type { BaselineItem, ScanInput } from "./types";

type Definitions = Pick<ScanInput, "tools" | "prompts" | "resources" | "resourceTemplates">;

/** The baseline to pin for the definitions a server exposes now: what the rug-pull rule compares against. */
export function baselineOf(definitions: Definitions): BaselineItem[] {
  const lists: [InventoryKind, object[]][] = [
    ["tool", definitions.tools],
    ["prompt", definitions.prompts],
    ["resource", definitions.resources],
    ["resource_template", definitions.resourceTemplates],
  ];
  return lists.flatMap(([kind, items]) =>
    items.map((item) => {
      const definition = item as Record<string, unknown>;
      return { kind, key: definitionKey(kind, definition), hash: definitionHash(kind, definition), definition };
    }),
  );
}
