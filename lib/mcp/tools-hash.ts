import { definitionEntries } from "./definitions";

/**
 * One hash over a server's whole tool list: each tool's definition hash, in
 * name order (a server listing a name twice counts its first one, as the
 * stored inventory does). Equal lists give equal hashes whatever order the
 * server lists them in, so a health check can tell that the tools changed
 * since the last discovery without storing them.
 */
export const toolsHash = (tools: readonly Record<string, unknown>[]): string =>
  definitionEntries({ tools, resources: [], resourceTemplates: [], prompts: [] }).toolsHash;
