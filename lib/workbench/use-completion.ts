"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { apiSend } from "@/lib/api-client/fetch";
import { workbenchKeys } from "./keys";
import type { CompleteRequest, CompleteResponse } from "./schema";

/** Waits for a pause in typing before asking. */
const PAUSE_MS = 200;

/**
 * The server's suggestions for an argument while the person types it (MCP
 * `completion/complete`); none when the server offers no completions or
 * the question fails: suggestions are a help, never in the way.
 */
export function useCompletion({
  serverId,
  enabled,
  ref,
  argument,
  value,
  context,
}: {
  serverId: string;
  enabled: boolean;
  ref: CompleteRequest["ref"];
  argument: string;
  value: string;
  /** The other arguments filled in so far. */
  context?: Record<string, string>;
}): string[] {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);

  const body: CompleteRequest = {
    ref,
    argument: { name: argument, value: settled },
    ...(context && Object.keys(context).length > 0 ? { context: { arguments: context } } : {}),
  };
  const query = useQuery({
    queryKey: workbenchKeys.completion(serverId, body),
    queryFn: ({ signal }) => apiSend<CompleteResponse>("POST", `/api/servers/${encodeURIComponent(serverId)}/complete`, body, { signal }),
    enabled,
    staleTime: 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
  return query.data?.values ?? [];
}
