import { createHash } from "node:crypto";
import { definitionHash } from "./definitions";

/**
 * One hash over a server's whole tool list: each tool's definition hash, in
 * name order (a server listing a name twice counts its first one, as the
 * stored inventory does). Equal lists give equal hashes whatever order the
 * server lists them in, so a health check can tell that the tools changed
 * since the last discovery without storing them.
 */
export function toolsHash(tools: readonly Record<string, unknown>[]): string {
  const byName = new Map<string, string>();
  for (const tool of tools) {
    const name = String(tool.name);
    if (!byName.has(name)) byName.set(name, definitionHash("tool", tool));
  }
  const lines = [...byName.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, hash]) => `${name}\t${hash}`);
  return createHash("sha256").update(lines.join("\n")).digest("hex");
}
