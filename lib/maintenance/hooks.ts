"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiSend } from "@/lib/api-client/fetch";
import type { MaintenanceCreate, MaintenanceDto, MaintenanceList } from "./schema";

export const maintenanceKeys = { list: () => ["maintenance", "list"] as const };

export function useMaintenance() {
  return useQuery({
    queryKey: maintenanceKeys.list(),
    queryFn: ({ signal }) => apiGet<MaintenanceList>("/api/maintenance", { signal }).then((r) => r.windows),
  });
}

// Writes are not retried: a window scheduled twice would be two windows.
export function useScheduleMaintenance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: MaintenanceCreate) => apiSend<MaintenanceDto>("POST", "/api/maintenance", input),
    retry: false,
    onSuccess: () => void client.invalidateQueries({ queryKey: maintenanceKeys.list() }),
  });
}

export function useCancelMaintenance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiSend<unknown>("DELETE", `/api/maintenance/${encodeURIComponent(id)}`),
    retry: false,
    onSuccess: () => void client.invalidateQueries({ queryKey: maintenanceKeys.list() }),
  });
}
