"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiSend } from "@/lib/api-client/fetch";
import type { SettingsResponse, SettingsUpdate, UserSettings } from "./schema";

export const settingsKeys = {
  current: () => ["settings"] as const,
};

/** The cache keeps the settings only: a one-time secret lives in the component that shows it. */
const withoutSecret = ({ profile, notifications, plan, usage }: SettingsResponse): UserSettings => ({ profile, notifications, plan, usage });

export function useSettings() {
  return useQuery({
    queryKey: settingsKeys.current(),
    queryFn: ({ signal }) => apiGet<UserSettings>("/api/user/settings", { signal }),
    staleTime: 0,
  });
}

/** PATCH /api/user/settings; the answer replaces the cached settings. */
export function useUpdateSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: SettingsUpdate) => apiSend<SettingsResponse>("PATCH", "/api/user/settings", change),
    onSuccess: (r) => client.setQueryData(settingsKeys.current(), withoutSecret(r)),
    retry: false,
  });
}

export function useRotateWebhookSecret() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend<SettingsResponse>("POST", "/api/user/settings/webhook-secret"),
    onSuccess: (r) => client.setQueryData(settingsKeys.current(), withoutSecret(r)),
    retry: false,
  });
}
