import "server-only";
import type { HeldItems } from "./schema";
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
