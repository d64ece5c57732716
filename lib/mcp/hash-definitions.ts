import "server-only";
import { offload } from "../worker-pool/pool";
import { definitionEntries, type DefinitionLists } from "./definitions";

/** Definitions below which hashing runs inline: less work than a worker's round trip. */
const INLINE_ITEMS = 100;

type Hashed = ReturnType<typeof definitionEntries>;

/**
 * Each definition's key and canonical hash, and the tool list's hash: on a
 * worker thread for a long list (a server can send thousands of deep
 * definitions), inline for the usual few.
 */
export function hashDefinitions(lists: DefinitionLists): Promise<Hashed> {
  const count = lists.tools.length + lists.resources.length + lists.resourceTemplates.length + lists.prompts.length;
  return count < INLINE_ITEMS ? Promise.resolve(definitionEntries(lists)) : offload<Hashed>("hashDefinitions", lists);
}
