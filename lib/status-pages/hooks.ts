"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiSend } from "@/lib/api-client/fetch";
import type { IncidentUpdateDto, IncidentUpdateList, StatusPageCreate, StatusPageDto, StatusPageList, StatusPageUpdate } from "./schema";

export const statusPageKeys = {
  all: ["status-pages"] as const,
  list: () => ["status-pages", "list"] as const,
  incidentUpdates: (serverId: string, incidentId: string) => ["status-pages", "incident-updates", serverId, incidentId] as const,
};

const pagePath = (id: string) => `/api/status-pages/${encodeURIComponent(id)}`;
const updatesPath = (serverId: string, incidentId: string) =>
  `/api/servers/${encodeURIComponent(serverId)}/incidents/${encodeURIComponent(incidentId)}/updates`;

export function useStatusPages() {
  return useQuery({
    queryKey: statusPageKeys.list(),
    queryFn: ({ signal }) => apiGet<StatusPageList>("/api/status-pages", { signal }).then((r) => r.statusPages),
  });
}

function useRefreshList() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: statusPageKeys.list() });
}

// Writes are not retried: a create sent twice would meet its own slug (409).
export function useCreateStatusPage() {
  const refresh = useRefreshList();
  return useMutation({
    mutationFn: (input: StatusPageCreate) => apiSend<StatusPageDto>("POST", "/api/status-pages", input),
    retry: false,
    onSuccess: () => void refresh(),
  });
}

export function useUpdateStatusPage(id: string) {
  const refresh = useRefreshList();
  return useMutation({
    mutationFn: (patch: StatusPageUpdate) => apiSend<StatusPageDto>("PATCH", pagePath(id), patch),
    retry: false,
    onSuccess: () => void refresh(),
  });
}

export function useDeleteStatusPage(id: string) {
  const refresh = useRefreshList();
  return useMutation({
    mutationFn: () => apiSend<unknown>("DELETE", pagePath(id)),
    retry: false,
    onSuccess: () => void refresh(),
  });
}

export function useIncidentUpdates(serverId: string, incidentId: string, enabled = true) {
  return useQuery({
    queryKey: statusPageKeys.incidentUpdates(serverId, incidentId),
    queryFn: ({ signal }) => apiGet<IncidentUpdateList>(updatesPath(serverId, incidentId), { signal }).then((r) => r.updates),
    enabled,
  });
}

export function usePostIncidentUpdate(serverId: string, incidentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => apiSend<IncidentUpdateDto>("POST", updatesPath(serverId, incidentId), { body }),
    retry: false,
    onSuccess: (update) =>
      client.setQueryData<IncidentUpdateDto[]>(statusPageKeys.incidentUpdates(serverId, incidentId), (list) => [...(list ?? []), update]),
  });
}
