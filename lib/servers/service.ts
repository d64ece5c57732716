import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, eq, ilike, ne, or, sql, type SQL } from "drizzle-orm";
import { record } from "../activity/service";
import { db } from "../db";
import { isUniqueViolation } from "../db/database";
import { serverEnv, serverHeaders, servers, users } from "../db/schema";
import { demoServerOrigin, mcpServerPolicy } from "../demo/server-origin";
import { env } from "../env";
import { isUuid } from "../guards";
import { badRequest, conflict, notFound } from "../http/errors";
import type { Logger } from "../log";
import { displayUrl, McpFailure, toHttpError } from "../mcp/errors";
import { checkUrlAddress } from "../net/guarded-fetch";
import { OutboundError } from "../net/errors";
import type { PlanHolder } from "../plans/holder";
import { planOf } from "../plans/holder";
import { assertAllowed } from "../plans/capabilities";
import { assertInterval, serverLimitReached } from "../plans/limits";
// servers <-> scanner, one of the pairs of folders that import each other on purpose
// (`node scripts/import-graph.mjs` lists them): a server's answer carries its latest scan's
// summary (the list's security column, read here and typed in ./schema and ./responses), while the
// scanner scans stored servers. Both sides read each other's tables; nothing else of the scanner is used.
import { latestScansOf } from "../scanner/queries";
import { forgetCallTarget } from "./call-target";
import { announceServerChanged } from "./changes";
import { announceServerDeleted } from "./deletion";
import { firstDue } from "./check-schedule";
import { serverColumns, toServerDto, type ServerRow } from "./dto";
import { pulseColumn, toPulse } from "./pulse";
import { applyHeaderUpdate, headerHints, sealHeader, type SealedHeader } from "./headers";
import type { ServerTransport } from "../mcp/types";
import { packageLabel, type StdioConfig } from "../stdio/config";
import { applyVariableUpdate, sealVariables, type SealedVariable, type VariableChanges } from "./env-vars";
import type { AnyServerUpdate, StdioServerCreate } from "./stdio-schema";
import { announceStdioReconfigured } from "./stdio-reconfigured";
import { STDIO_FIELDS, updatedStdioConfig, type StdioConfigUpdate } from "./stdio-update";
import type { ProcessStateDto } from "./responses";
import { processTable, type ProcessState } from "../sandbox/process-table";
import { DEFAULT_THRESHOLD_MS, type ServerCreate, type ServerDto, type ServerUpdateResult } from "./schema";
import { spendNameLookups } from "../rate-limit/name-lookups";
import { headersForNewOrigin, sameOrigin } from "./secret-origin";
import { dropSignIn, type DroppedSignIn } from "./sign-in-origin";

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

/** A server at `url` (added, moved there, or tested): any, or the demo's own for a plan without `ownServers` (a demo account's). */
export function assertServerAllowed(actor: Actor, url: string): void {
  if (sameOrigin(demoServerOrigin(env().demoMcpPort), url)) return;
  assertAllowed(actor, "ownServers");
}

/**
 * Refuses a URL the account may not use (a demo account: any but the demo
 * server's) or whose address the outbound policy refuses; a name that does
 * not resolve (yet) can still be saved.
 */
async function assertUrlAllowed(actor: Actor, url: string) {
  assertServerAllowed(actor, url);
  await spendNameLookups(actor.uid, 1);
  try {
    await checkUrlAddress(new URL(url), { policy: mcpServerPolicy() });
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
    .select({ ...serverColumns, pulse: pulseColumn })
    .from(servers)
    .where(and(...conditions))
    .orderBy(sql`lower(${servers.name})`, asc(servers.id));
  const [hints, scans] = await Promise.all([headerHints(rows.map((r) => r.id)), latestScansOf(uid)]);
  return rows.map((row) => ({ ...toServerDto(row, hints.get(row.id) ?? []), security: scans.get(row.id) ?? null, pulse: toPulse(row.pulse) }));
}

export async function getServer(uid: string, id: string): Promise<ServerDto> {
  const row = await findOwned(uid, id);
  const dto = await dtoOf(uid, row);
  return row.transport === "stdio" ? { ...dto, process: processDtoOf(processTable().stateOf(uid, id)) } : dto;
}

function processDtoOf(state: ProcessState | null): ProcessStateDto | null {
  if (!state) return null;
  const iso = (at: Date | null) => at?.toISOString() ?? null;
  return {
    state: state.state,
    since: iso(state.since),
    lastExit: state.lastExit ? { reason: state.lastExit.reason, at: state.lastExit.at.toISOString() } : null,
    restarts: state.restarts,
    restartAfter: iso(state.restartAfter),
  };
}

/** Throws the 404 of `getServer` when the user has no such server; one query, for a page that only needs to know. */
export async function assertOwnsServer(uid: string, id: string): Promise<void> {
  await findOwned(uid, id);
}

/** What a new server is, beside its connection: shared by remote and stdio servers. */
type NewServerSettings = Pick<ServerCreate, "name" | "description" | "tags" | "monitoring" | "protocol">;

/** Its connection: a remote URL with its headers, or a stdio package with its env (both sealed with the server's id). */
interface NewServerConnection {
  transport: ServerTransport;
  url: string;
  stdio?: StdioConfig;
  headers: (id: string) => SealedHeader[];
  variables: (id: string) => SealedVariable[];
}

/** Inserts a server under the owner's plan limit and unique name, its secrets sealed to its id. */
async function insertServer(actor: Actor, input: NewServerSettings, connection: NewServerConnection): Promise<{ row: ServerRow; headerNames: string[] }> {
  const plan = planOf(actor);
  const monitoring = input.monitoring ?? { enabled: true, intervalSec: plan.minCheckIntervalSec };
  assertInterval(plan, monitoring.intervalSec);
  // The id is chosen here, not by the database: each secret's ciphertext is bound to it.
  const id = randomUUID();
  const sealed = connection.headers(id);
  const variables = connection.variables(id);

  try {
    const row = await (await db()).transaction(async (tx) => {
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
          transport: connection.transport,
          url: connection.url,
          stdio: connection.stdio ?? null,
          tags: input.tags,
          protocol: input.protocol,
          monitoringEnabled: monitoring.enabled,
          intervalSec: monitoring.intervalSec,
          degradedThresholdMs: monitoring.thresholdMs ?? DEFAULT_THRESHOLD_MS,
          nextCheckAt: firstDue(id, { ...monitoring, paused: false }),
        })
        .returning(serverColumns);
      if (sealed.length) await tx.insert(serverHeaders).values(sealed.map((h) => ({ serverId: inserted.id, ...h })));
      if (variables.length) await tx.insert(serverEnv).values(variables.map((v) => ({ serverId: inserted.id, ...v })));
      return inserted;
    });
    return { row, headerNames: sealed.map((h) => h.name) };
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

/** Saves a new server (its first discovery is lib/discovery's createAndDiscover). */
export async function createServer(actor: Actor, input: ServerCreate, origin: Origin = {}): Promise<ServerDto> {
  await assertUrlAllowed(actor, input.url);
  const { row, headerNames } = await insertServer(actor, input, {
    transport: input.transport,
    url: input.url,
    headers: (id) => input.headers.map((h) => sealHeader(id, h.name, h.value)),
    variables: () => [],
  });

  await record({
    userUid: actor.uid,
    action: "server.created",
    summary: `Added ${row.name} (${displayUrl(row.url)})`,
    target: { type: "server", id: row.id },
    metadata: { transport: row.transport, url: displayUrl(row.url), headerNames, tags: row.tags, protocol: row.protocol },
    req: origin.req,
    ip: origin.ip,
  });

  return dtoOf(actor.uid, row);
}

/**
 * Saves a new stdio server: its package (already installed, its program found: `config`), its
 * arguments, and its env sealed. Demo accounts add none (they reach only the demo's own server).
 */
export async function createStdioServer(actor: Actor, input: StdioServerCreate, config: StdioConfig, origin: Origin = {}): Promise<ServerDto> {
  assertAllowed(actor, "ownServers");
  const { row } = await insertServer(actor, input, {
    transport: "stdio",
    url: packageLabel(config.package),
    stdio: config,
    headers: () => [],
    variables: (id) => sealVariables(id, input.env),
  });

  await record({
    userUid: actor.uid,
    action: "server.created",
    summary: `Added ${row.name} (${row.url})`,
    target: { type: "server", id: row.id },
    // Variable names only: their values are secrets.
    metadata: { transport: row.transport, package: config.package, args: config.args.length, envNames: Object.keys(input.env), tags: row.tags, protocol: row.protocol },
    req: origin.req,
    ip: origin.ip,
  });

  return dtoOf(actor.uid, row);
}

/**
 * Changes a server. `droppedSignIn` is its OAuth state as it was before a
 * move to another origin dropped it: its tokens are the caller's to revoke
 * at the old authorization server (lib/oauth-client/revoke.ts). A stdio
 * server's package version, arguments, env and egress change here too: a new
 * version is installed first, and the process this instance runs is stopped
 * so that the next use starts the new one.
 */
export async function updateServer(
  actor: Actor,
  id: string,
  patch: AnyServerUpdate,
  origin: Origin = {},
): Promise<{ server: ServerUpdateResult; droppedSignIn: DroppedSignIn | null }> {
  const current = await findOwned(actor.uid, id);
  if (current.transport === "stdio" && (patch.transport !== undefined || patch.url !== undefined || patch.headers !== undefined)) {
    throw badRequest("A stdio server has no URL or headers, and its transport cannot be changed: change its package version, args, env or egress instead, or add a remote server.");
  }
  if (current.transport !== "stdio" && STDIO_FIELDS.some((field) => patch[field] !== undefined)) {
    throw badRequest("A remote server has no package, args, env or egress: those are a stdio server's. Change its URL and headers instead.");
  }
  if (patch.monitoring) assertInterval(planOf(actor), patch.monitoring.intervalSec);
  if (patch.url !== undefined && patch.url !== current.url) await assertUrlAllowed(actor, patch.url);
  // A server's name is on its owner's public status pages.
  if (patch.name !== undefined && patch.name !== current.name) assertAllowed(actor, "publishing");
  const moved = patch.url !== undefined && !sameOrigin(current.url, patch.url);
  let headersDropped: string[] = [];
  let droppedSignIn: DroppedSignIn | null = null;

  const changed: string[] = [];
  const set: Partial<typeof servers.$inferInsert> = {};
  // Checked, and a new version installed, before anything is stored: a refusal changes nothing.
  let stdioUpdate: StdioConfigUpdate | undefined;
  if (current.stdio && (patch.package || patch.args || patch.egress)) {
    stdioUpdate = await updatedStdioConfig(current.stdio, patch);
    if (stdioUpdate.changed.length) {
      set.stdio = stdioUpdate.config;
      set.url = packageLabel(stdioUpdate.config.package);
      changed.push(...stdioUpdate.changed);
    }
  }
  for (const field of ["name", "description", "transport", "url", "tags", "protocol"] as const) {
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
  let variableChanges: VariableChanges | undefined;
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
      if (moved) droppedSignIn = await dropSignIn(tx, actor.uid, id);
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
      if (patch.env && current.stdio) {
        const stored: SealedVariable[] = await tx.select({ name: serverEnv.name, valueEnc: serverEnv.valueEnc }).from(serverEnv).where(eq(serverEnv.serverId, id));
        variableChanges = applyVariableUpdate(id, stored, patch.env);
        const edited = variableChanges.added.length || variableChanges.rotated.length || variableChanges.removed.length;
        // A kept value sealed anew under the current key is stored, but is no change of the user's.
        const resealed = variableChanges.rows.some((v) => !stored.some((s) => s.valueEnc === v.valueEnc));
        if (edited || resealed) {
          await tx.delete(serverEnv).where(eq(serverEnv.serverId, id));
          if (variableChanges.rows.length) await tx.insert(serverEnv).values(variableChanges.rows.map((v) => ({ serverId: id, ...v })));
        }
        if (edited) changed.push("env");
      }
      // A status measured on another endpoint, with other credentials or in another protocol revision says nothing about this one;
      // nor does the last negotiation's verdict: the next connection negotiates afresh.
      // So does a stdio server's with another package version, arguments, env or egress.
      const reconnect = changed.some((f) => ["url", "transport", "headers", "protocol", ...STDIO_FIELDS].includes(f));
      if (reconnect) set.protocolPrior = null;
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
    if (changed.some((f) => (STDIO_FIELDS as readonly string[]).includes(f))) await announceStdioReconfigured(actor.uid, id);
    await announceServerChanged(id);
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
        ...(set.protocol ? { protocol: set.protocol, previousProtocol: current.protocol } : {}),
        ...(droppedSignIn ? { signInDropped: true } : {}),
        ...(headerChanges
          ? { headerNames: { added: headerChanges.added, rotated: headerChanges.rotated, removed: headerChanges.removed } }
          : {}),
        // A stdio server's: the versions, how many arguments (they may hold secrets), the variables' names only, the hosts.
        ...(set.stdio && current.stdio && stdioUpdate?.changed.includes("package")
          ? { package: { version: set.stdio.package.version, previousVersion: current.stdio.package.version, integrity: set.stdio.integrity } }
          : {}),
        ...(set.stdio && stdioUpdate?.changed.includes("args") ? { args: set.stdio.args.length } : {}),
        ...(set.stdio && stdioUpdate?.changed.includes("egress") ? { egress: (set.stdio.egress ?? []).map((r) => (r.port ? `${r.host}:${r.port}` : r.host)) } : {}),
        ...(variableChanges && changed.includes("env")
          ? { envNames: { added: variableChanges.added, rotated: variableChanges.rotated, removed: variableChanges.removed } }
          : {}),
      },
      req: origin.req,
      ip: origin.ip,
    });
  }
  return { server: { ...(await getServer(actor.uid, id)), headersDropped, signInDropped: droppedSignIn !== null }, droppedSignIn };
}

export async function deleteServer(actor: Actor, id: string, origin: Origin = {}) {
  if (!isUuid(id)) throw missing();
  const [gone] = await (await db())
    .delete(servers)
    .where(and(eq(servers.id, id), eq(servers.ownerUid, actor.uid)))
    .returning({ id: servers.id, name: servers.name, url: servers.url });
  if (!gone) throw missing();
  await forgetCallTarget(actor.uid, id);
  await announceServerDeleted(actor.uid, id);
  // Gateways that included it stop serving it.
  await announceServerChanged(id);
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
