import "server-only";
import { record } from "../activity/service";

import type { McpLimits, McpTarget } from "../upstream/connection";
import { discover } from "../upstream/inventory";
import { plural } from "../plural";
import { scanAfterDiscovery } from "../scanner/auto-scan";
import { authProviderFor } from "../oauth-client/target";
import { announceServerChanged } from "../servers/changes";
import { decryptedHeaders } from "../servers/headers";
import { sharedProcess } from "../upstream/call";
import type { StdioConfig } from "../stdio/config";
import { storeDiscovery, type InventoryDiff } from "../servers/inventory";
import type { Origin } from "../servers/service";
import type { Discovery, ProtocolPrior } from "../mcp/types";

/**
 * Discover and save: every discovery of a stored server (on demand, after a
 * create, or started by a monitoring check that saw the tools change) comes
 * through here, and so does what a gateway client's connection found the
 * server lists (saveAndRecord). The scanner refreshes definitions on its own
 * (storeDiscovery), since the scan it runs next is the one asked for.
 */

export type Counts = { tools: number; resources: number; resourceTemplates: number; prompts: number };

export const countsOf = (d: Discovery): Counts => ({
  tools: d.tools.length,
  resources: d.resources.length,
  resourceTemplates: d.resourceTemplates.length,
  prompts: d.prompts.length,
});

export const describeCounts = (c: Counts) =>
  `${plural(c.tools, "tool")}, ${plural(c.resources, "resource")}, ${plural(c.resourceTemplates, "resource template")} and ${plural(c.prompts, "prompt")}`;

const definitionsChanged = (diff: InventoryDiff) =>
  diff.first || diff.instructionsChanged || diff.added.length + diff.changed.length + diff.removed.length > 0;

/**
 * Saves a discovery and, when what the server exposes to a model changed,
 * scans it. The scan is quiet: its failure never fails the discovery.
 */
export async function saveDiscovery(serverId: string, found: Discovery, now = new Date()): Promise<InventoryDiff> {
  const diff = await storeDiscovery(serverId, found, now);
  if (definitionsChanged(diff)) {
    // Gateways quarantine a changed definition at once, before the scan that follows says more.
    await announceServerChanged(serverId);
    await scanAfterDiscovery(serverId);
  }
  return diff;
}

/**
 * Discovers a stored server and saves what it found. Throws McpFailure; the
 * `server.discovered` event is recorded on success.
 */
export async function discoverAndSave(
  owner: { uid: string },
  row: { id: string; name: string; transport: McpTarget["transport"]; url: string; authType: "headers" | "oauth"; protocol?: string; protocolPrior?: ProtocolPrior | null; stdio: StdioConfig | null },
  origin: Origin,
  limits?: Partial<McpLimits>,
): Promise<Discovery> {
  const target: McpTarget = {
    transport: row.transport,
    url: row.url,
    headers: await decryptedHeaders(row.id),
    authProvider: authProviderFor(row),
    protocol: row.protocol,
    prior: row.protocolPrior,
    // A stdio server's one process, shared with its other users; a remote server needs none.
    ...(row.transport === "stdio" ? { shared: sharedProcess(owner.uid, row.id) } : {}),
  };
  const found = await discover(target, limits);
  await saveAndRecord(owner, row, found, origin);
  return found;
}

/** Saves what a discovery found, and records the `server.discovered` event. */
export async function saveAndRecord(owner: { uid: string }, row: { id: string; name: string }, found: Discovery, origin: Origin): Promise<void> {
  const diff = await saveDiscovery(row.id, found);
  await record({
    userUid: owner.uid,
    action: "server.discovered",
    summary: `Discovered ${describeCounts(diff.counts)} on ${row.name}`,
    target: { type: "server", id: row.id },
    metadata: {
      counts: diff.counts,
      added: diff.added,
      changed: diff.changed,
      removed: diff.removed,
      truncated: found.truncated,
    },
    req: origin.req,
    ip: origin.ip,
  });
}
