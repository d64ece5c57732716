import "server-only";
import { eq } from "drizzle-orm";
import { activityEvents, inventoryItems, scanBaselines } from "../db/schema";
import { activityRow } from "../activity/service";
import { db } from "../db";
import { conflict } from "../http/errors";
import type { PlanHolder } from "../plans/holder";
import { plural } from "../plural";
import { baselineOf } from "../scanner/baseline";
import { definitionsOf } from "../scanner/input";
import { scanAfterDiscovery } from "../scanner/auto-scan";
import { announceServerChanged } from "../servers/changes";
import { approvalMember, approvedBy, seenDigest } from "./approval-target";
import type { ApproveInput } from "./schema";
import type { Origin } from "./service";

/**
 * Approving makes an item's current definition the approved one: the
 * server's pinned baseline takes it (the same baseline the scanner's
 * rug-pull rule compares against), so the gateways that include the server
 * serve it again. Without an item, every current definition of the server
 * is approved, as pinning does. With `seen` (the preview's digest of what
 * the person was shown), a definition that changed again since is refused
 * rather than approved unseen. A scan follows, so that a rug-pull finding
 * about the approved change is not left standing.
 */
export async function approveDefinitions(user: PlanHolder, gatewayId: string, input: ApproveInput, origin: Origin = {}): Promise<{ approved: number }> {
  const d = await db();
  const member = await approvalMember(d, user.uid, gatewayId, input.serverId);

  const approved = await d.transaction(async (tx) => {
    const rows = await tx
      .select({ kind: inventoryItems.kind, key: inventoryItems.key, definition: inventoryItems.definition })
      .from(inventoryItems)
      .where(eq(inventoryItems.serverId, input.serverId));
    const current = baselineOf(definitionsOf(rows));
    const [pinned] = await tx.select({ items: scanBaselines.items }).from(scanBaselines).where(eq(scanBaselines.serverId, input.serverId)).for("update");
    const chosen = approvedBy(current, input);
    if (input.seen !== undefined && input.seen !== seenDigest(chosen)) {
      throw conflict("The definitions changed again since you reviewed them: review the new change before approving.");
    }
    const items = input.key ? [...(pinned?.items ?? []).filter((i) => !(i.kind === input.kind && i.key === input.key)), ...chosen] : current;
    const count = chosen.length;
    const pinnedAt = new Date();
    await tx
      .insert(scanBaselines)
      .values({ serverId: input.serverId, pinnedAt, pinnedBy: user.uid, items })
      .onConflictDoUpdate({ target: scanBaselines.serverId, set: { pinnedAt, pinnedBy: user.uid, items } });
    const what = input.key ? `the ${input.kind?.replace("_", " ")} ${input.key}` : `${plural(count, "definition")}`;
    await tx.insert(activityEvents).values(
      activityRow({
        userUid: user.uid,
        action: "gateway.approved",
        summary: `Approved ${what} of ${member.serverName} in the gateway ${member.gatewayName}`,
        target: { type: "gateway", id: gatewayId },
        metadata: { serverId: input.serverId, ...(input.key ? { kind: input.kind, key: input.key } : { items: count }) },
        req: origin.req,
        ip: origin.ip,
      }),
    );
    return count;
  });
  await announceServerChanged(input.serverId);
  await scanAfterDiscovery(input.serverId);
  return { approved };
}
