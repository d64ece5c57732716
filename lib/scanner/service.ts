import "server-only";
import { eq } from "drizzle-orm";
import { record } from "../activity/service";
import { db } from "../db";
import { inventoryItems, scanBaselines } from "../db/schema";
import { conflict, notFound } from "../http/errors";
import type { McpLimits } from "../upstream/connection";
import { discover } from "../upstream/inventory";
import { displayUrl, McpFailure } from "../mcp/errors";
import { enforce } from "../rate-limit/service";
import { decryptedHeaders } from "../servers/headers";
import { authProviderFor } from "../oauth-client/target";
import { storeDiscovery } from "../servers/inventory";
import { spendConnection } from "../rate-limit/connection-budget";
import type { PlanHolder } from "../plans/holder";
import { baselineOf } from "./baseline";
import { lockedScanner } from "./catalog";
import { featuresOf, requireFeature } from "./gates";
import { definitionsOf } from "./input";
import { isUuid } from "../guards";
import { findOwnedServer } from "../servers/owned-server";
import { sharedProcess } from "../upstream/call";
import { earlierScans, latestScan, pinnedBaseline, scanById } from "./queries";
import { runScan } from "./run-scan";
import type { PinResult, ScanDetail, ScanNowResult, ScanOverview } from "./schema";

/**
 * The scanner as the API offers it: every entry point finds the caller's own
 * server first (another user's is "not found"), then checks the plan.
 */

export interface Origin {
  req?: Request;
  ip?: string;
}

/** Scans asked for by hand, per user per minute: each one connects to the server. */
export const SCANS_PER_MINUTE = 10;

export async function getScanOverview(user: PlanHolder, serverId: string): Promise<ScanOverview> {
  const server = await findOwnedServer(user.uid, serverId);
  const features = featuresOf(user);
  const [latest, history, baseline] = await Promise.all([
    latestScan(server.id),
    features.fullScanner ? earlierScans(server.id) : null,
    features.fullScanner ? pinnedBaseline(server.id) : null,
  ]);
  return {
    latest,
    history,
    baseline,
    features: { fullScanner: features.fullScanner, dataExport: features.dataExport },
    locked: features.fullScanner ? null : lockedScanner(),
    discoveredAt: server.discoveredAt?.toISOString() ?? null,
  };
}

/**
 * Asks the server for its definitions again, stores them and scans them.
 * When the server cannot be reached, the stored definitions are scanned and
 * the answer says why they were not refreshed.
 */
export async function scanNow(user: PlanHolder, serverId: string, origin: Origin = {}, limits?: Partial<McpLimits>): Promise<ScanNowResult> {
  const server = await findOwnedServer(user.uid, serverId);
  await enforce(`scan:${user.uid}`, SCANS_PER_MINUTE, 60, "Too many scans. Wait a minute and try again.");
  await spendConnection(user);
  let refreshError: string | undefined;
  try {
    const found = await discover(
      {
        transport: server.transport,
        url: server.url,
        headers: await decryptedHeaders(server.id),
        authProvider: authProviderFor(server),
        protocol: server.protocol,
        prior: server.protocolPrior,
        ...(server.transport === "stdio" ? { shared: sharedProcess(user.uid, server.id) } : {}),
      },
      limits,
    );
    // Stored without the automatic scan: this scan is the one the user asked for.
    await storeDiscovery(server.id, found);
  } catch (err) {
    if (!(err instanceof McpFailure)) throw err;
    refreshError = `Could not ask ${displayUrl(server.url)} for its definitions (${err.message.replace(/\.$/, "")}); the ones stored at the last discovery were scanned.`;
  }
  const scan = await runScan(server.id, "manual", origin);
  if (!scan) throw notFound("No server with this id.");
  return refreshError ? { ...scan, refreshError } : scan;
}

/**
 * Pins the stored definitions as the server's baseline — each whole
 * definition with its canonical hash — then scans against it, so that the
 * latest scan reflects the new pin.
 */
export async function pinBaseline(user: PlanHolder, serverId: string, origin: Origin = {}): Promise<PinResult> {
  const server = await findOwnedServer(user.uid, serverId);
  requireFeature(user, "fullScanner", "Pinning a baseline needs the Pro or Enterprise plan.");
  if (!server.discoveredAt) throw conflict("This server's definitions have not been discovered yet: scan it or refresh its inventory first.");

  const database = await db();
  const rows = await database
    .select({ kind: inventoryItems.kind, definition: inventoryItems.definition })
    .from(inventoryItems)
    .where(eq(inventoryItems.serverId, server.id));
  const items = baselineOf(definitionsOf(rows));
  const pinnedAt = new Date();
  await database
    .insert(scanBaselines)
    .values({ serverId: server.id, pinnedAt, pinnedBy: user.uid, items })
    .onConflictDoUpdate({ target: scanBaselines.serverId, set: { pinnedAt, pinnedBy: user.uid, items } });

  const baseline = (await pinnedBaseline(server.id))!;
  await record({
    userUid: user.uid,
    action: "scan.baseline_pinned",
    summary: `Pinned ${items.length} ${items.length === 1 ? "definition" : "definitions"} of ${server.name} as its baseline`,
    target: { type: "server", id: server.id },
    metadata: { items: baseline.items },
    req: origin.req,
    ip: origin.ip,
  });
  const scan = await runScan(server.id, "manual", origin);
  if (!scan) throw notFound("No server with this id.");
  return { baseline, scan };
}

/** One scan of the history, with its findings. */
export async function getHistoryScan(user: PlanHolder, serverId: string, scanId: string): Promise<ScanDetail> {
  const server = await findOwnedServer(user.uid, serverId);
  requireFeature(user, "fullScanner", "Scan history needs the Pro or Enterprise plan.");
  const scan = isUuid(scanId) ? await scanById(server.id, scanId) : null;
  if (!scan) throw notFound("No scan with this id on this server.");
  return scan;
}
