import "server-only";
import { createHash } from "node:crypto";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { db } from "../db";
import { inventoryItems, scanBaselines, serverHeaders, servers, users } from "../db/schema";
import { canonicalJson, type InventoryKind } from "../mcp/definitions";
import { planOf } from "../plans/holder";
import type { PromptDefinition, ResourceDefinition, ResourceTemplateDefinition, ToolDefinition } from "../mcp/types";
import { readStoredItems } from "../servers/inventory";
import { sameServer } from "./registrations";
import type { BaselineItem, RuleTier, ScanInput } from "./types";

type Definitions = Pick<ScanInput, "tools" | "prompts" | "resources" | "resourceTemplates">;

/** Stored inventory rows as the scanner's lists of definitions. */
export function definitionsOf(rows: { kind: InventoryKind; definition: Record<string, unknown> }[]): Definitions {
  const of = <T>(kind: InventoryKind) => rows.filter((r) => r.kind === kind).map((r) => r.definition as unknown as T);
  return {
    tools: of<ToolDefinition>("tool"),
    prompts: of<PromptDefinition>("prompt"),
    resources: of<ResourceDefinition>("resource"),
    resourceTemplates: of<ResourceTemplateDefinition>("resource_template"),
  };
}

/** The hash a scan keeps of the definitions it read (in readStoredItems' order): the same definitions give the same hash. */
export function definitionsHashOf(items: { kind: string; key: string; hash: string }[], instructions: string | null): string {
  return createHash("sha256")
    .update(canonicalJson({ items: items.map((i) => [i.kind, i.key, i.hash]), instructions }))
    .digest("hex");
}

/** What one scan of a server reads, and whose it is. */
export interface ScanSubject {
  serverId: string;
  serverName: string;
  ownerUid: string;
  tier: RuleTier;
  input: ScanInput;
  /** Hash of the definitions and instructions scanned. */
  definitionsHash: string;
}

/**
 * Builds a scan's input from what is stored: the server row (transport, URL,
 * the names of its headers but never their values, info and instructions),
 * its discovered definitions, its pinned baseline and the tool names of the
 * owner's other servers (not other registrations of this one). The rule tier follows the owner's plan. Null when
 * the server no longer exists.
 */
export async function loadScanSubject(serverId: string): Promise<ScanSubject | null> {
  const database = await db();
  const [server] = await database
    .select({
      name: servers.name,
      ownerUid: servers.ownerUid,
      transport: servers.transport,
      url: servers.url,
      serverInfo: servers.serverInfo,
      instructions: servers.instructions,
      plan: users.subscriptionPlan,
      planExpiresAt: users.subscriptionExpiresAt,
    })
    .from(servers)
    .innerJoin(users, eq(users.uid, servers.ownerUid))
    .where(eq(servers.id, serverId))
    .limit(1);
  if (!server) return null;

  const [headers, items, [baseline], others] = await Promise.all([
    database.select({ name: serverHeaders.name }).from(serverHeaders).where(eq(serverHeaders.serverId, serverId)).orderBy(asc(serverHeaders.name)),
    readStoredItems(serverId),
    database.select({ items: scanBaselines.items }).from(scanBaselines).where(eq(scanBaselines.serverId, serverId)).limit(1),
    database
      .select({ id: servers.id, name: servers.name, url: servers.url, serverInfo: servers.serverInfo, tool: inventoryItems.key })
      .from(servers)
      .leftJoin(inventoryItems, and(eq(inventoryItems.serverId, servers.id), eq(inventoryItems.kind, "tool")))
      .where(and(eq(servers.ownerUid, server.ownerUid), ne(servers.id, serverId)))
      .orderBy(sql`lower(${servers.name})`, asc(inventoryItems.key)),
  ]);

  const otherServers = new Map<string, { name: string; toolNames: string[] }>();
  for (const row of others) {
    // Another registration of this very server shares its tools by nature.
    if (sameServer(row, server)) continue;
    const entry = otherServers.get(row.id) ?? { name: row.name, toolNames: [] };
    if (row.tool !== null) entry.toolNames.push(row.tool);
    otherServers.set(row.id, entry);
  }

  const input: ScanInput = {
    server: {
      name: server.name,
      transport: server.transport,
      url: server.url,
      headerNames: headers.map((h) => h.name),
      serverInfo: server.serverInfo,
      instructions: server.instructions,
    },
    ...definitionsOf(items),
    baseline: baseline ? (baseline.items as BaselineItem[]) : null,
    otherServers: [...otherServers.values()],
  };

  const plan = planOf({ uid: server.ownerUid, subscriptionPlan: server.plan, subscriptionExpiresAt: server.planExpiresAt });
  const definitionsHash = definitionsHashOf(items, server.instructions);

  return {
    serverId,
    serverName: server.name,
    ownerUid: server.ownerUid,
    tier: plan.features.fullScanner ? "full" : "basic",
    input,
    definitionsHash,
  };
}
