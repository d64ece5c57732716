import { normalizeText } from "./text/normalize";
import type { ScanInput, Severity } from "./types";
import { makeVisible } from "./visible";

/**
 * Tool names this server shares with each of the user's other servers, one
 * entry per other server however many names they share: two registrations of
 * similar servers (staging and production) make one finding to judge, not one
 * per tool. A name equal only once look-alike letters, invisible characters,
 * case and separators are undone is an imitation, worse than a coincidence.
 * Two registrations of the very same server are never compared (see
 * registrations.ts: input.ts leaves them out of `otherServers`).
 */

/** The name as a model would read it: folded, invisible characters dropped, separators unified. */
const skeleton = (name: string) => normalizeText(name).clean.replace(/[-_.\s]+/g, "_");
/** Case and separators: differences that happen by chance. */
const plain = (name: string) => name.toLowerCase().replace(/[-_.\s]+/g, "_");

/** Names listed in the evidence; the rest are counted. */
const LISTED = 5;

export interface ServerPairCollision {
  /** The other server's name. */
  server: string;
  /** This server's tools whose names that server also has, as written here. */
  shared: string[];
  /** This server's tools that imitate one of that server's, with the name imitated. */
  imitations: { tool: string; imitated: string }[];
}

export function serverPairCollisions(input: Pick<ScanInput, "tools" | "otherServers">): ServerPairCollision[] {
  if (input.tools.length === 0) return [];
  const own = input.tools.map((t) => ({ name: t.name, skeleton: skeleton(t.name) }));
  const out: ServerPairCollision[] = [];
  for (const server of input.otherServers) {
    const theirs = new Map<string, string>();
    for (const name of server.toolNames) if (!theirs.has(skeleton(name))) theirs.set(skeleton(name), name);
    const pair: ServerPairCollision = { server: server.name, shared: [], imitations: [] };
    for (const tool of own) {
      const other = theirs.get(tool.skeleton);
      if (other === undefined) continue;
      if (plain(other) === plain(tool.name)) pair.shared.push(tool.name);
      else pair.imitations.push({ tool: tool.name, imitated: other });
    }
    if (pair.shared.length + pair.imitations.length > 0) out.push(pair);
  }
  return out;
}

export const pairSeverity = (pair: ServerPairCollision): Severity => (pair.imitations.length > 0 ? "high" : "medium");

function listed(names: string[]): string {
  const shown = names.slice(0, LISTED).join(", ");
  return names.length > LISTED ? `${shown} and ${names.length - LISTED} more` : shown;
}

/** The evidence of one pair: imitations first (made visible), then the names shared as they are. */
export function describePair(pair: ServerPairCollision): string {
  const where = `your server "${pair.server}"`;
  const parts: string[] = [];
  if (pair.imitations.length > 0) {
    const [first, ...rest] = pair.imitations;
    parts.push(`${makeVisible(first.tool)} imitates ${first.imitated}, a tool of ${where}`);
    if (rest.length > 0) parts.push(`so do ${listed(rest.map((i) => `${makeVisible(i.tool)} (${i.imitated})`))}`);
  }
  if (pair.shared.length === 1 && pair.imitations.length === 0) parts.push(`${pair.shared[0]} is also a tool of ${where}`);
  else if (pair.shared.length > 0) {
    const count = `${pair.shared.length} ${pair.shared.length === 1 ? "tool has its name" : "tools have their names"}`;
    parts.push(`${count} in common with ${pair.imitations.length > 0 ? "it" : where}: ${listed(pair.shared)}`);
  }
  return parts.join("; ");
}
