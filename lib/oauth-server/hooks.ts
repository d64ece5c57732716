"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiSend } from "@/lib/api-client/fetch";
import type { ConnectedApp } from "./responses";

const appKeys = { list: () => ["connected-apps"] as const };

export function useConnectedApps() {
  return useQuery({
    queryKey: appKeys.list(),
    queryFn: ({ signal }) => apiGet<{ apps: ConnectedApp[] }>("/api/user/connected-apps", { signal }),
    staleTime: 0,
  });
}

export function useRevokeApp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiSend<{ revoked: true }>("DELETE", `/api/user/connected-apps/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: appKeys.list() }),
    retry: false,
  });
}
