import type { GatewayCallStats } from "./schema";

/**
 * The gateways' query keys and API paths, shared by the browser's hooks
 * (./hooks.ts) and the pages that fill their cache on the server
 * (./prefetch.ts); `gateway(id)` covers everything of one gateway.
 */

export type StatsRange = GatewayCallStats["range"];
export const CALL_LOG_LIMIT = 50;

export const gatewayKeys = {
  all: ["gateways"] as const,
  list: () => ["gateways", "list"] as const,
  gateway: (id: string) => ["gateways", id] as const,
  detail: (id: string) => ["gateways", id, "detail"] as const,
  view: (id: string) => ["gateways", id, "view"] as const,
  calls: (id: string) => ["gateways", id, "calls"] as const,
  stats: (id: string, range: StatsRange) => ["gateways", id, "stats", range] as const,
  /** What the result guard found in one server's results, through any of the owner's gateways (the server's Security tab). */
  serverResultFindings: (serverId: string) => ["gateways", "result-findings", serverId] as const,
  approval: (id: string, serverId: string, kind = "", key = "") => ["gateways", id, "approval", serverId, kind, key] as const,
};

export const GATEWAYS_PATH = "/api/gateways";
export const gatewayPath = (id: string) => `${GATEWAYS_PATH}/${encodeURIComponent(id)}`;
/** How many of a server's latest result findings its Security tab lists. */
export const RESULT_FINDINGS_LIMIT = 50;
export const serverResultFindingsPath = (serverId: string) => `/api/servers/${encodeURIComponent(serverId)}/result-findings?limit=${RESULT_FINDINGS_LIMIT}`;
