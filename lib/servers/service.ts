import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, eq, ilike, ne, or, sql, type SQL } from "drizzle-orm";
import { record } from "../activity/service";
import { db } from "../db";
import { serverHeaders, servers, users } from "../db/schema";
import { isUuid } from "../guards";
import { conflict, notFound } from "../http/errors";
import type { Logger } from "../log";
import type { McpLimits, McpTarget } from "../mcp/client";
import { discover, testConnection, type Discovery } from "../mcp/discovery";
import { displayUrl, McpFailure, toHttpError } from "../mcp/errors";
import { firstDue } from "../monitoring/schedule";
import { DEFAULT_THRESHOLD_MS } from "../monitoring/schema";
import { checkUrlAddress } from "../net/guarded-fetch";
import { OutboundError } from "../net/errors";
import { latestScansOf } from "../scanner/queries";
import { plural } from "../plural";
import { spendNameLookups } from "../rate-limit/name-lookups";
import { closePooledConnections } from "../workbench/pool";
import { serverColumns, toServerDto, type ServerRow } from "./dto";
import { assertInterval, planOf, serverLimitReached, spendConnection, tryConnection, type PlanHolder } from "./limits";
import { applyHeaderUpdate, decryptedHeaders, headerHints, sealHeader, type SealedHeader } from "./headers";
import { readInventory, saveDiscovery } from "./inventory";
import { headersForNewOrigin, sameOrigin } from "./secret-origin";
import type { ConnectionInput, ConnectionTestResult, ServerCreate, ServerDto, ServerInventory, ServerUpdate } from "./schema";
import { forgetCallTarget } from "../workbench/targets";

/**
 * The servers slice: every query is scoped to the caller (another user's
 * server is "not found"), header values are encrypted before they are
 * stored and never leave in clear, and every change is an activity event.
 */

export type Actor = PlanHolder;

/** Where a change came from, for the activity event; `log` for what the API answer does not say. */
export interface Origin {
  req?: Request;
  ip?: string;
  log?: Logger;
}

const nameTaken = () => conflict("You already have a server with this name.");

function isUniqueViolation(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: string }).code === "23505") return true;
  }
  return false;
}

/** Refuses a URL whose address the outbound policy refuses; a name that does not resolve (yet) can still be saved. */
async function assertUrlAllowed(uid: string, url: string) {
  await spendNameLookups(uid, 1);
  try {
    await checkUrlAddress(new URL(url));
  } catch (err) {
    if (err instanceof OutboundError && err.kind === "refused") throw toHttpError(new McpFailure("refused", err.message));
  }
}

const missing = () => notFound("No server with this id.");

async function findOwned(uid: string, id: string): Promise<ServerRow> {
  if (!isUuid(id)) throw missing();
  const [row] = await (await db())
    .select(serverColumns)
    .from(servers)
    .where(and(eq(servers.id, id), eq(servers.ownerUid, uid)))
    .limit(1);
  if (!row) throw missing();
  return row;
}

async function dtoOf(uid: string, row: ServerRow): Promise<ServerDto> {
  const [hints, scans] = await Promise.all([headerHints([row.id]), latestScansOf(uid, row.id)]);
  return { ...toServerDto(row, hints.get(row.id) ?? []), security: scans.get(row.id) ?? null };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listServers(uid: string, query: { q?: string; status?: ServerDto["status"]; tag?: string }) {
  const conditions: (SQL | undefined)[] = [eq(servers.ownerUid, uid)];
  if (query.q) {
    const like = `%${escapeLike(query.q)}%`;
    conditions.push(or(ilike(servers.name, like), ilike(servers.description, like), ilike(servers.url, like)));
  }
  if (query.status) conditions.push(eq(servers.status, query.status));
  if (query.tag) conditions.push(sql`exists (select 1 from unnest(${servers.tags}) t where lower(t) = lower(${query.tag}))`);
  const rows = await (await db())
    .select(serverColumns)
    .from(servers)
    .where(and(...conditions))
    .orderBy(sql`lower(${servers.name})`, asc(servers.id));
  const [hints, scans] = await Promise.all([headerHints(rows.map((r) => r.id)), latestScansOf(uid)]);
  return rows.map((row) => ({ ...toServerDto(row, hints.get(row.id) ?? []), security: scans.get(row.id) ?? null }));
}

export async function getServer(uid: string, id: string): Promise<ServerDto> {
  return dtoOf(uid, await findOwned(uid, id));
}

/** Throws the 404 of `getServer` when the user has no such server; one query, for a page that only needs to know. */
export async function assertOwnsServer(uid: string, id: string): Promise<void> {
  await findOwned(uid, id);
}

type Counts = { tools: number; resources: number; resourceTemplates: number; prompts: number };

const countsOf = (d: Discovery): Counts => ({
  tools: d.tools.length,
  resources: d.resources.length,
  resourceTemplates: d.resourceTemplates.length,
  prompts: d.prompts.length,
});

const describeCounts = (c: Counts) =>
  `${plural(c.tools, "tool")}, ${plural(c.resources, "resource")}, ${plural(c.resourceTemplates, "resource template")} and ${plural(c.prompts, "prompt")}`;

/**
 * Discovers a stored server and saves what it found. Throws McpFailure; the
 * `server.discovered` event is recorded on success.
 */
async function discoverAndSave(actor: Pick<Actor, "uid">, row: Pick<ServerRow, "id" | "name" | "transport" | "url">, origin: Origin, limits?: Partial<McpLimits>) {
  const target: McpTarget = { transport: row.transport, url: row.url, headers: await decryptedHeaders(row.id) };
  const found = await discover(target, limits);
  const diff = await saveDiscovery(row.id, found);
  await record({
    userUid: actor.uid,
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
  return found;
}

export async function createServer(actor: Actor, input: ServerCreate, origin: Origin = {}, limits?: Partial<McpLimits>) {
  const plan = planOf(actor);
  assertInterval(plan, input.monitoring.intervalSec);
  await assertUrlAllowed(actor.uid, input.url);
  // The id is chosen here, not by the database: each header's ciphertext is bound to it.
  const id = randomUUID();
  const sealed = input.headers.map((h) => sealHeader(id, h.name, h.value));

  let row: ServerRow;
  try {
    row = await (await db()).transaction(async (tx) => {
      // Creates of one user are serialised on their row, so the plan's limit holds under concurrency.
      await tx.select({ uid: users.uid }).from(users).where(eq(users.uid, actor.uid)).for("update");
      const [{ count }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(servers)
        .where(eq(servers.ownerUid, actor.uid));
      if (count >= plan.maxServers) throw serverLimitReached(plan, count);
      const [taken] = await tx
        .select({ id: servers.id })
        .from(servers)
        .where(and(eq(servers.ownerUid, actor.uid), sql`lower(${servers.name}) = lower(${input.name})`))
        .limit(1);
      if (taken) throw nameTaken();
      const [inserted] = await tx
        .insert(servers)
        .values({
          id,
          ownerUid: actor.uid,
          name: input.name,
          description: input.description,
          transport: input.transport,
          url: input.url,
          tags: input.tags,
          monitoringEnabled: input.monitoring.enabled,
          intervalSec: input.monitoring.intervalSec,
          degradedThresholdMs: input.monitoring.thresholdMs ?? DEFAULT_THRESHOLD_MS,
          nextCheckAt: firstDue(id, { ...input.monitoring, paused: false }),
        })
        .returning(serverColumns);
      if (sealed.length) await tx.insert(serverHeaders).values(sealed.map((h) => ({ serverId: inserted.id, ...h })));
      return inserted;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }

  await record({
    userUid: actor.uid,
    action: "server.created",
    summary: `Added ${row.name} (${displayUrl(row.url)})`,
    target: { type: "server", id: row.id },
    metadata: { transport: row.transport, url: displayUrl(row.url), headerNames: sealed.map((h) => h.name), tags: row.tags },
    req: origin.req,
    ip: origin.ip,
  });

  // Saving never depends on the server answering (or on the connection budget): the server stays
  // "unknown" until a discovery or check succeeds.
  if (await tryConnection(actor)) await discoverQuietly(actor, row, origin, limits);
  return getServer(actor.uid, row.id);
}

async function discoverQuietly(actor: Actor, row: ServerRow, origin: Origin, limits?: Partial<McpLimits>) {
  try {
    await discoverAndSave(actor, row, origin, limits);
  } catch (err) {
    if (!(err instanceof McpFailure)) throw err;
    origin.log?.info("discovery after create failed", { serverId: row.id, kind: err.kind, reason: err.message });
  }
}

export async function updateServer(actor: Actor, id: string, patch: ServerUpdate, origin: Origin = {}) {
  const current = await findOwned(actor.uid, id);
  if (patch.monitoring) assertInterval(planOf(actor), patch.monitoring.intervalSec);
  if (patch.url !== undefined && patch.url !== current.url) await assertUrlAllowed(actor.uid, patch.url);
  const moved = patch.url !== undefined && !sameOrigin(current.url, patch.url);
  let headersDropped: string[] = [];

  const changed: string[] = [];
  const set: Partial<typeof servers.$inferInsert> = {};
  for (const field of ["name", "description", "transport", "url", "tags"] as const) {
    const next = patch[field];
    if (next !== undefined && JSON.stringify(next) !== JSON.stringify(current[field])) {
      Object.assign(set, { [field]: next });
      changed.push(field);
    }
  }
  if (patch.monitoring) {
    const thresholdMs = patch.monitoring.thresholdMs ?? current.degradedThresholdMs;
    if (
      patch.monitoring.enabled !== current.monitoringEnabled ||
      patch.monitoring.intervalSec !== current.intervalSec ||
      thresholdMs !== current.degradedThresholdMs
    ) {
      set.monitoringEnabled = patch.monitoring.enabled;
      set.intervalSec = patch.monitoring.intervalSec;
      set.degradedThresholdMs = thresholdMs;
      changed.push("monitoring");
    }
  }
  if (patch.paused === true && current.status !== "paused") {
    set.status = "paused";
    changed.push("paused");
  } else if (patch.paused === false && current.status === "paused") {
    set.status = "unknown";
    changed.push("resumed");
  }
  // The schedule starts again from now whenever monitoring, its interval or the pause changes.
  const rescheduled =
    (set.monitoringEnabled ?? current.monitoringEnabled) !== current.monitoringEnabled ||
    (set.intervalSec ?? current.intervalSec) !== current.intervalSec ||
    changed.some((f) => f === "paused" || f === "resumed");
  if (rescheduled) {
    set.nextCheckAt = firstDue(id, {
      enabled: set.monitoringEnabled ?? current.monitoringEnabled,
      intervalSec: set.intervalSec ?? current.intervalSec,
      paused: (set.status ?? current.status) === "paused",
    });
  }

  let headerChanges: ReturnType<typeof applyHeaderUpdate> | undefined;
  try {
    await (await db()).transaction(async (tx) => {
      if (set.name !== undefined) {
        const [taken] = await tx
          .select({ id: servers.id })
          .from(servers)
          .where(and(eq(servers.ownerUid, actor.uid), ne(servers.id, id), sql`lower(${servers.name}) = lower(${set.name})`))
          .limit(1);
        if (taken) throw nameTaken();
      }
      if (patch.headers || moved) {
        const stored: SealedHeader[] = await tx
          .select({ name: serverHeaders.name, valueEnc: serverHeaders.valueEnc, valueHint: serverHeaders.valueHint })
          .from(serverHeaders)
          .where(eq(serverHeaders.serverId, id));
        let update = patch.headers ?? stored.map((h) => ({ name: h.name }));
        if (moved) ({ update, dropped: headersDropped } = headersForNewOrigin(stored, patch.headers));
        headerChanges = applyHeaderUpdate(id, stored, update);
        const renamed = headerChanges.rows.some((h) => !stored.some((s) => s.name === h.name));
        // A kept value sealed anew under the current key is stored, but is no change of the user's.
        const resealed = headerChanges.rows.some((h) => !stored.some((s) => s.valueEnc === h.valueEnc));
        const edited = headerChanges.added.length || headerChanges.rotated.length || headerChanges.removed.length || renamed;
        if (edited || resealed) {
          await tx.delete(serverHeaders).where(eq(serverHeaders.serverId, id));
          if (headerChanges.rows.length) await tx.insert(serverHeaders).values(headerChanges.rows.map((h) => ({ serverId: id, ...h })));
        }
        if (edited) changed.push("headers");
      }
      // A status measured on another endpoint or with other credentials says nothing about this one.
      const reconnect = changed.some((f) => f === "url" || f === "transport" || f === "headers");
      if (reconnect && (set.status ?? current.status) !== "paused") set.status = "unknown";
      // Failures counted before a pause or against the old endpoint do not count towards "down" now.
      if (set.status === "unknown") set.consecutiveFailures = 0;
      if (changed.length) {
        await tx
          .update(servers)
          .set({ ...set, updatedAt: new Date() })
          .where(and(eq(servers.id, id), eq(servers.ownerUid, actor.uid)));
      }
    });
    await forgetCallTarget(actor.uid, id);
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }

  if (changed.length) {
    const name = set.name ?? current.name;
    await record({
      userUid: actor.uid,
      action: "server.updated",
      summary: `Updated ${name}: ${changed.join(", ")}`,
      target: { type: "server", id },
      metadata: {
        changed,
        ...(set.name ? { previousName: current.name } : {}),
        ...(headerChanges
          ? { headerNames: { added: headerChanges.added, rotated: headerChanges.rotated, removed: headerChanges.removed } }
          : {}),
      },
      req: origin.req,
      ip: origin.ip,
    });
  }
  return { ...(await getServer(actor.uid, id)), headersDropped };
}

export async function deleteServer(actor: Actor, id: string, origin: Origin = {}) {
  if (!isUuid(id)) throw missing();
  const [gone] = await (await db())
    .delete(servers)
    .where(and(eq(servers.id, id), eq(servers.ownerUid, actor.uid)))
    .returning({ id: servers.id, name: servers.name, url: servers.url });
  if (!gone) throw missing();
  await forgetCallTarget(actor.uid, id);
  await closePooledConnections(actor.uid, id);
  await record({
    userUid: actor.uid,
    action: "server.deleted",
    summary: `Deleted ${gone.name}`,
    target: { type: "server", id },
    metadata: { name: gone.name, url: displayUrl(gone.url) },
    req: origin.req,
    ip: origin.ip,
  });
}

/** "Test connection" before saving: what the server says about itself, or why it cannot be reached. */
export async function testServerConnection(
  actor: Actor,
  input: ConnectionInput,
  origin: Origin = {},
  limits?: Partial<McpLimits>,
): Promise<ConnectionTestResult> {
  await spendConnection(actor);
  const target: McpTarget = {
    transport: input.transport,
    url: input.url,
    headers: Object.fromEntries(input.headers.map((h) => [h.name, h.value])),
  };
  const where = displayUrl(input.url);
  try {
    const found = await testConnection(target, limits);
    await record({
      userUid: actor.uid,
      action: "server.tested",
      summary: `Tested ${where}: ${found.serverInfo.name} ${found.serverInfo.version}, ${describeCounts(countsOf(found))}`,
      metadata: { url: where, transport: input.transport, ok: true, latencyMs: found.handshakeMs },
      req: origin.req,
      ip: origin.ip,
    });
    return {
      ok: true,
      serverInfo: found.serverInfo,
      capabilities: found.capabilities,
      counts: countsOf(found),
      latencyMs: found.handshakeMs,
    };
  } catch (err) {
    if (!(err instanceof McpFailure)) throw err;
    await record({
      userUid: actor.uid,
      action: "server.tested",
      summary: `Tested ${where}: ${err.message}`.slice(0, 300),
      metadata: { url: where, transport: input.transport, ok: false, failure: err.kind, suggestion: err.extra.suggestion },
      req: origin.req,
      ip: origin.ip,
    });
    throw toHttpError(err);
  }
}

/** Refreshes a stored server's inventory now. */
export async function discoverServer(actor: Actor, id: string, origin: Origin = {}, limits?: Partial<McpLimits>): Promise<ServerInventory> {
  const row = await findOwned(actor.uid, id);
  await spendConnection(actor);
  try {
    await discoverAndSave(actor, row, origin, limits);
  } catch (err) {
    if (err instanceof McpFailure) throw toHttpError(err);
    throw err;
  }
  return getInventory(actor.uid, id);
}

/**
 * Refreshes the inventory of a server whose tool list a health check saw
 * change (or never saw stored). The monitor's doing, not the user's: no
 * connection budget is spent, and a failure is only logged (the next check
 * notices the change again).
 */
export async function rediscoverQuietly(serverId: string, log?: Logger): Promise<boolean> {
  const [row] = await (await db())
    .select({ id: servers.id, name: servers.name, transport: servers.transport, url: servers.url, ownerUid: servers.ownerUid })
    .from(servers)
    .where(eq(servers.id, serverId))
    .limit(1);
  if (!row) return false;
  try {
    await discoverAndSave({ uid: row.ownerUid }, row, {});
    return true;
  } catch (err) {
    if (!(err instanceof McpFailure)) throw err;
    log?.info("discovery after a check failed", { serverId, kind: err.kind, reason: err.message });
    return false;
  }
}

export async function getInventory(uid: string, id: string): Promise<ServerInventory> {
  if (!isUuid(id)) throw missing();
  const [row] = await (await db())
    .select({ discoveredAt: servers.discoveredAt })
    .from(servers)
    .where(and(eq(servers.id, id), eq(servers.ownerUid, uid)))
    .limit(1);
  if (!row) throw missing();
  return readInventory(id, row.discoveredAt);
}
