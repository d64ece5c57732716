import "server-only";
import { eq } from "drizzle-orm";
import { record } from "../activity/service";
import { db } from "../db";
import { servers } from "../db/schema";
import type { Logger } from "../log";
import type { McpLimits, McpTarget } from "../upstream/connection";
import { testConnection } from "../upstream/inventory";
import { underStdioCaps } from "../upstream/stdio-process";
import { displayUrl, McpFailure, toHttpError } from "../mcp/errors";
import { awaitSignIn } from "../oauth-client/flow";
import { spendConnection, tryConnection } from "../rate-limit/connection-budget";
import { readInventory } from "../servers/inventory";
// Two ways on purpose: a discovery is recorded as a check (the one source of a server's status), and a
// check that sees the tools change asks for a discovery (lib/monitoring/run-check.ts).
import { discoveryOutcome, recordDiscoveryCheck } from "../monitoring/discovery-check";
import { findOwnedServer } from "../servers/owned-server";
import type { ConnectionTestResult, ServerCreate, ServerDto, ServerInventory } from "../servers/schema";
import { assertServerAllowed, createServer, createStdioServer, getServer, type Actor, type Origin } from "../servers/service";
import { prepareStdioServer } from "../servers/stdio-registration";
import type { AnyConnectionInput, StdioServerCreate } from "../servers/stdio-schema";
import { commandFor } from "../servers/stdio-command";
import { packageLabel, type StdioConfig } from "../stdio/config";
import { assertAllowed } from "../plans/capabilities";
import { countsOf, describeCounts, discoverAndSave, saveAndRecord } from "./save";
import type { Discovery } from "../mcp/types";

/**
 * Discovery as the API, the monitor and the scanner use it: testing a
 * connection before saving, discovering a stored server (by hand, right
 * after it is added, or when a check saw its tools change) and reading the
 * inventory that discovery stored. The servers service never connects to a
 * server; this module does, on top of it.
 */

/** What "Test connection" connects to, and how it is named in messages and activity. */
async function testTarget(actor: Actor, input: AnyConnectionInput): Promise<{ target: McpTarget; where: string }> {
  if (input.transport === "stdio") {
    assertAllowed(actor, "ownServers");
    await spendConnection(actor);
    // Installed as registration installs it (the cache keeps it for the save that follows), run as a stored server runs.
    const config = await prepareStdioServer(input);
    const where = packageLabel(config.package);
    return { where, target: { transport: "stdio", url: where, headers: {}, command: commandFor(config, input.env) } };
  }
  assertServerAllowed(actor, input.url);
  await spendConnection(actor);
  return {
    where: displayUrl(input.url),
    target: { transport: input.transport, url: input.url, headers: Object.fromEntries(input.headers.map((h) => [h.name, h.value])) },
  };
}

/** "Test connection" before saving: what the server says about itself, or why it cannot be reached. */
export async function testServerConnection(
  actor: Actor,
  input: AnyConnectionInput,
  origin: Origin = {},
  limits?: Partial<McpLimits>,
): Promise<ConnectionTestResult> {
  const { target, where } = await testTarget(actor, input);
  try {
    const found = await (target.transport === "stdio" ? underStdioCaps(actor.uid, () => testConnection(target, limits)) : testConnection(target, limits));
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

/**
 * Adds a server and discovers it. Saving never depends on the server
 * answering (or on the connection budget): the discovery is recorded as the
 * server's first check, so one that does not answer is saved `down` with the
 * reason. Without the budget it stays "unknown" until its first check.
 */
export async function createAndDiscover(actor: Actor, input: ServerCreate, origin: Origin = {}, limits?: Partial<McpLimits>): Promise<ServerDto> {
  const created = await createServer(actor, input, origin);
  // A server that refuses a request without credentials asks its users to sign in.
  return discoverCreated(actor, { ...created, stdio: null }, input.headers.length === 0, origin, limits);
}

/** Adds a stdio server (its package installed, a sandbox to run it in) and discovers it, as createAndDiscover does a remote one. */
export async function createStdioAndDiscover(actor: Actor, input: StdioServerCreate, origin: Origin = {}, limits?: Partial<McpLimits>): Promise<ServerDto> {
  const config = await prepareStdioServer(input);
  const created = await createStdioServer(actor, input, config, origin);
  return discoverCreated(actor, { ...created, stdio: config }, false, origin, limits);
}

/**
 * A just-saved server's first discovery, recorded as its first check; without the connection
 * budget it stays "unknown" until its first check. `mayAskSignIn`: an auth failure means the
 * server wants its owner to sign in (saved waiting for it) rather than that it is down.
 */
async function discoverCreated(
  actor: Actor,
  created: Omit<ServerDto, "stdio"> & { stdio: StdioConfig | null },
  mayAskSignIn: boolean,
  origin: Origin,
  limits?: Partial<McpLimits>,
): Promise<ServerDto> {
  if (!(await tryConnection(actor))) return getServer(actor.uid, created.id);
  const startedAt = new Date();
  const server = { url: created.url, thresholdMs: created.monitoring.thresholdMs };
  try {
    const found = await discoverAndSave(actor, { ...created, authType: created.auth.type }, origin, limits);
    await recordDiscoveryCheck(created.id, discoveryOutcome({ ok: true, found }, server, startedAt));
  } catch (err) {
    if (!(err instanceof McpFailure)) throw err;
    origin.log?.info("discovery after create failed", { serverId: created.id, kind: err.kind, reason: err.message });
    if (err.kind === "auth" && mayAskSignIn) await awaitSignIn(actor.uid, created.id);
    else await recordDiscoveryCheck(created.id, discoveryOutcome({ ok: false, error: err }, server, startedAt));
  }
  return getServer(actor.uid, created.id);
}

/** Refreshes a stored server's inventory now. */
export async function discoverServer(actor: Actor, id: string, origin: Origin = {}, limits?: Partial<McpLimits>): Promise<ServerInventory> {
  const row = await findOwnedServer(actor.uid, id);
  await spendConnection(actor);
  const startedAt = new Date();
  const server = { url: row.url, thresholdMs: row.degradedThresholdMs };
  try {
    const found = await discoverAndSave(actor, row, origin, limits);
    await recordDiscoveryCheck(row.id, discoveryOutcome({ ok: true, found }, server, startedAt));
  } catch (err) {
    if (!(err instanceof McpFailure)) throw err;
    await recordDiscoveryCheck(row.id, discoveryOutcome({ ok: false, error: err }, server, startedAt));
    throw toHttpError(err);
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
  const row = await serverRow(serverId);
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

/**
 * Saves what a gateway client's connection found the server lists, when it
 * differs from what is stored (lib/gateways/endpoint/live-definitions.ts):
 * recorded as a rediscovery is, so that the change is scanned, quarantined
 * and shown to the owner to approve. No connection of its own.
 */
export async function saveListedQuietly(serverId: string, found: Discovery): Promise<boolean> {
  const row = await serverRow(serverId);
  if (!row) return false;
  await saveAndRecord({ uid: row.ownerUid }, row, found, {});
  return true;
}

async function serverRow(serverId: string) {
  const [row] = await (await db())
    .select({
      id: servers.id,
      name: servers.name,
      transport: servers.transport,
      url: servers.url,
      authType: servers.authType,
      ownerUid: servers.ownerUid,
      protocol: servers.protocol,
      protocolPrior: servers.protocolPrior,
      stdio: servers.stdio,
    })
    .from(servers)
    .where(eq(servers.id, serverId))
    .limit(1);
  return row;
}

/** The stored inventory of the caller's server. */
export async function getInventory(uid: string, id: string): Promise<ServerInventory> {
  const row = await findOwnedServer(uid, id);
  return readInventory(row.id, row.discoveredAt);
}
