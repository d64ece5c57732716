import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { db } from "../db";
import { jsonChunks, type ChunkBounds } from "../db/json-rows";
import { inventoryItems, servers, type InventoryCounts } from "../db/schema";
import type { InventoryKind } from "../mcp/definitions";

import { hashDefinitions } from "../mcp/hash-definitions";
import type { ServerInventory } from "./schema";
import type { Discovery } from "../mcp/types";

/** A discovery saved: how the stored inventory changed, by item key. */
export interface InventoryDiff {
  counts: InventoryCounts;
  added: string[];
  changed: string[];
  removed: string[];
  /** The server's instructions (shown to the model like a description) differ from the stored ones. */
  instructionsChanged: boolean;
  /** The server had never been discovered before. */
  first: boolean;
}

/**
 * What one statement that stores or deletes inventory items carries
 * (lib/db/json-rows.ts): its JSON is built on this thread and, on PGlite, the
 * statement runs there too. The event loop turns between two: on PostgreSQL
 * while each is sent, on PGlite by lib/db/pglite-turns.ts.
 */
const CHUNK: ChunkBounds = { rows: 250, chars: 256 * 1024 };

const label = (kind: InventoryKind, key: string) => `${kind}:${key}`;

/**
 * Replaces a server's inventory with a discovery's, in one transaction:
 * items are upserted by (server, kind, key), items no longer offered are
 * deleted, and the server's info, capabilities, instructions, counts and
 * tools hash follow. Its status does not: that comes from checks only (a
 * discovery made by a person is recorded as one, lib/monitoring/discovery-check.ts).
 */
export async function storeDiscovery(serverId: string, found: Discovery, now = new Date()): Promise<InventoryDiff> {
  const hashed = await hashDefinitions(found);
  const items = new Map<string, { kind: InventoryKind; key: string; definition: Record<string, unknown>; hash: string }>();
  for (const { kind, key, hash, index } of hashed.items) {
    items.set(label(kind, key), { kind, key, hash, definition: found[LIST_OF[kind]][index] as unknown as Record<string, unknown> });
  }
  const countOf = (kind: InventoryKind) => [...items.values()].filter((i) => i.kind === kind).length;
  const counts: InventoryCounts = {
    tools: countOf("tool"),
    resources: countOf("resource"),
    resourceTemplates: countOf("resource_template"),
    prompts: countOf("prompt"),
  };

  return (await db()).transaction(async (tx) => {
    const before = await tx
      .select({ id: inventoryItems.id, kind: inventoryItems.kind, key: inventoryItems.key, hash: inventoryItems.hash })
      .from(inventoryItems)
      .where(eq(inventoryItems.serverId, serverId));
    const previous = new Map(before.map((row) => [label(row.kind, row.key), row.hash]));
    const [stored] = await tx
      .select({ instructions: servers.instructions, discoveredAt: servers.discoveredAt })
      .from(servers)
      .where(eq(servers.id, serverId));

    // Only new and changed definitions are written: a rediscovery that finds the same ones writes none.
    const fresh = [...items.entries()].filter(([k, item]) => previous.get(k) !== item.hash).map(([, item]) => item);
    for (const rows of jsonChunks(fresh, CHUNK)) {
      await tx.execute(sql`
        insert into inventory_items (server_id, kind, key, definition, hash, discovered_at)
        select ${serverId}::uuid, r.kind, r.key, r.definition, r.hash, ${now.toISOString()}::timestamptz
        from jsonb_to_recordset(${rows}::jsonb) as r(kind inventory_kind, key text, definition jsonb, hash text)
        on conflict (server_id, kind, key) do update set definition = excluded.definition, hash = excluded.hash, discovered_at = excluded.discovered_at`);
    }
    const gone = before.filter((row) => !items.has(label(row.kind, row.key))).map((row) => row.id);
    for (const ids of jsonChunks(gone, CHUNK)) {
      await tx.execute(sql`delete from inventory_items where id in (select jsonb_array_elements_text(${ids}::jsonb)::uuid)`);
    }
    await tx
      .update(servers)
      .set({
        serverInfo: found.serverInfo,
        capabilities: found.capabilities,
        instructions: found.instructions,
        counts,
        discoveredAt: now,
        toolsHash: hashed.toolsHash,
        ...(found.prior ? { protocolPrior: found.prior } : {}),
      })
      .where(eq(servers.id, serverId));

    return {
      counts,
      added: [...items.keys()].filter((k) => !previous.has(k)),
      changed: [...items.entries()].filter(([k, item]) => previous.has(k) && previous.get(k) !== item.hash).map(([k]) => k),
      removed: [...previous.keys()].filter((k) => !items.has(k)),
      instructionsChanged: (stored?.instructions ?? null) !== found.instructions,
      first: !stored?.discoveredAt,
    };
  });
}

const LIST_OF: Record<InventoryKind, keyof Omit<ServerInventory, "discoveredAt">> = {
  tool: "tools",
  resource: "resources",
  resource_template: "resourceTemplates",
  prompt: "prompts",
};

/** Rows per statement that reads stored definitions: on PGlite, each statement holds the thread while it runs. */
const READ_PAGE = 100;

export interface StoredItem {
  kind: InventoryKind;
  key: string;
  hash: string;
  definition: Record<string, unknown>;
}

/**
 * A server's stored items in (kind, key) order, a page per statement, all
 * from one snapshot: a discovery saved meanwhile is read whole or not at all.
 */
export async function readStoredItems(serverId: string): Promise<StoredItem[]> {
  return (await db()).transaction(
    async (tx) => {
      const rows: StoredItem[] = [];
      for (;;) {
        const last = rows.at(-1);
        const page = await tx
          .select({ kind: inventoryItems.kind, key: inventoryItems.key, hash: inventoryItems.hash, definition: inventoryItems.definition })
          .from(inventoryItems)
          .where(
            and(
              eq(inventoryItems.serverId, serverId),
              last ? sql`(${inventoryItems.kind}, ${inventoryItems.key}) > (${last.kind}::inventory_kind, ${last.key})` : undefined,
            ),
          )
          .orderBy(asc(inventoryItems.kind), asc(inventoryItems.key))
          .limit(READ_PAGE);
        rows.push(...page);
        if (page.length < READ_PAGE) return rows;
      }
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/** The stored inventory of a server the caller has already been checked to own. */
export async function readInventory(serverId: string, discoveredAt: Date | null): Promise<ServerInventory> {
  const rows = await readStoredItems(serverId);
  const inventory: ServerInventory = {
    tools: [],
    resources: [],
    resourceTemplates: [],
    prompts: [],
    discoveredAt: discoveredAt?.toISOString() ?? null,
  };
  for (const row of rows) (inventory[LIST_OF[row.kind]] as unknown[]).push(row.definition);
  return inventory;
}
