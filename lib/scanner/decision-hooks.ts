"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiSend } from "@/lib/api-client/fetch";
import { dashboardKeys, serverKeys } from "@/lib/servers/hooks";
import { scanKeys } from "./hooks";
import type { FindingDecisionBody, FindingDecisionResult } from "./schema";

export const findingPath = (serverId: string, fingerprint: string) =>
  `/api/servers/${encodeURIComponent(serverId)}/findings/${encodeURIComponent(fingerprint)}`;

/**
 * Accept, mark as a false positive or reopen a finding. A decision changes the
 * open counts everywhere they show: the Security tab, every scan of the
 * history, the server's badge in lists and the dashboard. Not retried: the
 * person sees the error and decides again.
 */
export function useDecideFinding(serverId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ fingerprint, body }: { fingerprint: string; body: FindingDecisionBody }) =>
      apiSend<FindingDecisionResult>("PATCH", findingPath(serverId, fingerprint), body),
    retry: false,
    onSuccess: () =>
      void Promise.all([
        client.invalidateQueries({ queryKey: scanKeys.overview(serverId) }),
        client.invalidateQueries({ queryKey: ["scanner", "scan", serverId] }),
        client.invalidateQueries({ queryKey: serverKeys.detail(serverId) }),
        client.invalidateQueries({ queryKey: ["servers", "list"] }),
        client.invalidateQueries({ queryKey: dashboardKeys.summary() }),
      ]),
  });
}
