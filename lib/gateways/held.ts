import "server-only";
import type { GatewayListResponse, HeldItems } from "./schema";
import { listGateways } from "./service";
import { cachedView } from "./view-cache";

/**
 * The held items of each of `gatewayIds` (the caller's own: their ids come
 * from the caller's rows), from each gateway's cached view, which the
 * endpoint serves from: the list and the dashboard say what the agent is
 * refused right now.
 */
export async function heldItems(gatewayIds: string[]): Promise<Map<string, HeldItems>> {
  const views = await Promise.all(gatewayIds.map((id) => cachedView(id)));
  return new Map(
    gatewayIds.map((id, n) => {
      const items = views[n]?.view.items ?? [];
      return [id, { blocked: items.filter((i) => i.hidden?.kind === "blocked").length, quarantined: items.filter((i) => i.hidden?.kind === "quarantined").length }];
    }),
  );
}

/** The caller's gateways, by name, each with what it holds: GET /api/gateways's list, and the list page's prefetch of it. */
export async function listGatewaysWithHeld(uid: string): Promise<GatewayListResponse["gateways"]> {
  const gateways = await listGateways(uid);
  const held = await heldItems(gateways.map((g) => g.id));
  return gateways.map((g) => ({ ...g, held: held.get(g.id)! }));
}
