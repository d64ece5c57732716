"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiSend } from "@/lib/api-client/fetch";
import { dashboardKeys, LIVE_REFETCH_MS } from "@/lib/servers/hooks";
import { CALL_LOG_LIMIT, gatewayKeys, gatewayPath, GATEWAYS_PATH, serverResultFindingsPath, type StatsRange } from "./keys";
import type {
  ApprovalPreviewDto,
  ApproveInput,
  GatewayCallStats,
  GatewayCallsResponse,
  GatewayCreate,
  GatewayDto,
  GatewayListResponse,
  GatewayUpdate,
  GatewayViewDto,
  ServerResultFindingsResponse,
} from "./schema";

export { gatewayKeys } from "./keys";

/** How often the live log asks for new calls while it is on screen (TanStack Query stops while the tab is hidden). */
export const CALL_LOG_REFETCH_MS = 3_000;

export function useGateways() {
  return useQuery({
    queryKey: gatewayKeys.list(),
    queryFn: ({ signal }) => apiGet<GatewayListResponse>(GATEWAYS_PATH, { signal }).then((r) => r.gateways),
    refetchInterval: LIVE_REFETCH_MS,
  });
}

export function useGateway(id: string) {
  return useQuery({
    queryKey: gatewayKeys.detail(id),
    queryFn: ({ signal }) => apiGet<GatewayDto>(gatewayPath(id), { signal }),
    // A gateway that is gone (404) stays gone.
    refetchInterval: (query) => (query.state.status === "error" ? false : LIVE_REFETCH_MS),
  });
}

/** What the agent sees: it changes with the servers' definitions, findings, approvals and status. */
export function useGatewayView(id: string) {
  return useQuery({
    queryKey: gatewayKeys.view(id),
    queryFn: ({ signal }) => apiGet<GatewayViewDto>(`${gatewayPath(id)}/view`, { signal }),
    refetchInterval: (query) => (query.state.status === "error" ? false : LIVE_REFETCH_MS),
  });
}

export function useGatewayCalls(id: string) {
  return useQuery({
    queryKey: gatewayKeys.calls(id),
    queryFn: ({ signal }) => apiGet<GatewayCallsResponse>(`${gatewayPath(id)}/calls?limit=${CALL_LOG_LIMIT}`, { signal }).then((r) => r.calls),
    refetchInterval: CALL_LOG_REFETCH_MS,
    staleTime: 0,
  });
}

export function useGatewayStats(id: string, range: StatsRange) {
  return useQuery({
    queryKey: gatewayKeys.stats(id, range),
    queryFn: ({ signal }) => apiGet<GatewayCallStats>(`${gatewayPath(id)}/stats?range=${range}`, { signal }),
    refetchInterval: LIVE_REFETCH_MS,
  });
}

/** What the result guard found in a server's results through the owner's gateways, newest first. */
export function useServerResultFindings(serverId: string) {
  return useQuery({
    queryKey: gatewayKeys.serverResultFindings(serverId),
    queryFn: ({ signal }) => apiGet<ServerResultFindingsResponse>(serverResultFindingsPath(serverId), { signal }).then((r) => r.events),
    refetchInterval: LIVE_REFETCH_MS,
  });
}

/** A gateway's change moves the list and the dashboard's count too. */
function useInvalidateGateways() {
  const client = useQueryClient();
  return () =>
    Promise.all([client.invalidateQueries({ queryKey: gatewayKeys.list() }), client.invalidateQueries({ queryKey: dashboardKeys.summary() })]);
}

// Creating is not idempotent: a retry could create twice, so the user decides.
export function useCreateGateway() {
  const client = useQueryClient();
  const invalidate = useInvalidateGateways();
  return useMutation({
    mutationFn: (input: GatewayCreate) => apiSend<GatewayDto>("POST", GATEWAYS_PATH, input),
    retry: false,
    onSuccess: (gateway) => {
      client.setQueryData(gatewayKeys.detail(gateway.id), gateway);
      void invalidate();
    },
  });
}

export function useUpdateGateway(id: string) {
  const client = useQueryClient();
  const invalidate = useInvalidateGateways();
  return useMutation({
    mutationFn: (input: GatewayUpdate) => apiSend<GatewayDto>("PATCH", gatewayPath(id), input),
    onSuccess: (gateway) => {
      client.setQueryData(gatewayKeys.detail(id), gateway);
      // Servers, filters and policy decide what the agent sees.
      void client.invalidateQueries({ queryKey: gatewayKeys.view(id) });
      void invalidate();
    },
  });
}

export function useDeleteGateway(id: string) {
  const client = useQueryClient();
  const invalidate = useInvalidateGateways();
  return useMutation({
    mutationFn: () => apiSend<unknown>("DELETE", gatewayPath(id)),
    onSuccess: () => {
      // Stale without a refetch: the page showing it is about to leave.
      void client.invalidateQueries({ queryKey: gatewayKeys.gateway(id), refetchType: "none" });
      void invalidate();
    },
  });
}

/** Approves an item's current definition, or every current definition of a server (no kind and key). */
/** What approving would approve (read when the approve dialog opens, and again when the person asks). */
export function useApprovalPreview(id: string, target: Omit<ApproveInput, "seen">, enabled: boolean) {
  const query = new URLSearchParams({ serverId: target.serverId, ...(target.kind && target.key ? { kind: target.kind, key: target.key } : {}) });
  return useQuery({
    queryKey: gatewayKeys.approval(id, target.serverId, target.kind, target.key),
    queryFn: ({ signal }) => apiGet<ApprovalPreviewDto>(`${gatewayPath(id)}/approve?${query}`, { signal }),
    enabled,
    // What the person approves is what they read: never a copy from an earlier opening.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useApproveDefinitions(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ApproveInput) => apiSend<{ approved: number }>("POST", `${gatewayPath(id)}/approve`, input),
    retry: false,
    // Every gateway that includes the server serves the approved definitions.
    onSuccess: () => client.invalidateQueries({ queryKey: gatewayKeys.all }),
  });
}
