import "server-only";
import type { PrefetchQuery } from "../query/prefetch";
import { gatewayKeys } from "./keys";
import type { GatewayDto, GatewayListResponse } from "./schema";
import { listGatewaysWithHeld } from "./held";
import { gatewayViewOf } from "./view-dto";

/*
 * The gateways' entries of the browser's cache, filled on the server by the
 * same service calls as the API routes behind the hooks of ./hooks.ts.
 */

/** `useGateways()`: GET /api/gateways's list. */
export function gatewayListPrefetch(uid: string): PrefetchQuery<GatewayListResponse["gateways"]> {
  return { queryKey: gatewayKeys.list(), load: () => listGatewaysWithHeld(uid) };
}

/** `useGateway(id)`, from the gateway the page has already read to know it exists. */
export function gatewayPrefetch(gateway: GatewayDto): PrefetchQuery {
  return { queryKey: gatewayKeys.detail(gateway.id), load: async () => gateway };
}

/** `useGatewayView(id)`: what the agent sees, the page's first tab. */
export function gatewayViewPrefetch(uid: string, id: string): PrefetchQuery {
  return { queryKey: gatewayKeys.view(id), load: () => gatewayViewOf(uid, id) };
}
