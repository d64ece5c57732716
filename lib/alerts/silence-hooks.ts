"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiSend } from "@/lib/api-client/fetch";
import type { SilenceCreate, SilenceDto, SilenceList } from "./silence-schema";

export const silenceKeys = { list: () => ["alerts", "silences"] as const };

export function useSilences() {
  return useQuery({
    queryKey: silenceKeys.list(),
    queryFn: ({ signal }) => apiGet<SilenceList>("/api/user/alerts/silences", { signal }).then((r) => r.silences),
  });
}

export function usePauseAlerts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SilenceCreate) => apiSend<SilenceDto>("POST", "/api/user/alerts/silences", input),
    retry: false,
    onSuccess: () => void client.invalidateQueries({ queryKey: silenceKeys.list() }),
  });
}

export function useResumeAlerts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiSend<unknown>("DELETE", `/api/user/alerts/silences/${encodeURIComponent(id)}`),
    retry: false,
    onSuccess: () => void client.invalidateQueries({ queryKey: silenceKeys.list() }),
  });
}
