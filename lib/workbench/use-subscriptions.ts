"use client";

import { useCallback, useEffect, useState } from "react";
import { ApiError } from "@/lib/api-client/api-error";
import { apiSend } from "@/lib/api-client/fetch";
import { listenToServer } from "./hooks";
import type { SubscriptionsResponse } from "./schema";

/**
 * Resource subscriptions from the page: subscribe or not per resource, and
 * while any is on, listen to the server's notifications and keep its
 * updates (newest first). A dropped stream is opened again after a pause
 * that grows while the server stays unreachable.
 */

export interface ResourceUpdate {
  uri: string;
  at: number;
}

/** The first pause before listening again; it doubles while the server stays unreachable. */
const RECONNECT_MS = 2_000;
const RECONNECT_MAX_MS = 60_000;
const UPDATES_KEPT = 50;

export function useResourceSubscriptions(serverId: string, supported: boolean) {
  const [subscriptions, setSubscriptions] = useState<string[]>([]);
  const [updates, setUpdates] = useState<ResourceUpdate[]>([]);
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const listening = supported && subscriptions.length > 0;

  useEffect(() => {
    if (!listening) return;
    const abort = new AbortController();
    let again: ReturnType<typeof setTimeout> | undefined;
    let pause = RECONNECT_MS;
    const listen = async () => {
      try {
        await listenToServer(serverId, {
          signal: abort.signal,
          onLine: (line) => {
            if (line.type === "ready") {
              pause = RECONNECT_MS;
              // The server's word on what is subscribed: a resource it refused on a new connection is left out.
              setSubscriptions(line.subscriptions);
            }
            if (line.type === "resource-updated") setUpdates((all) => [{ uri: line.uri, at: Date.now() }, ...all].slice(0, UPDATES_KEPT));
          },
        });
      } catch (err) {
        if (abort.signal.aborted) return;
        if (err instanceof ApiError && err.status === 401) {
          setError("Your session has expired: sign in again to hear from the server.");
          return;
        }
      }
      if (abort.signal.aborted) return;
      again = setTimeout(() => void listen(), pause);
      pause = Math.min(pause * 2, RECONNECT_MAX_MS);
    };
    void listen();
    return () => {
      abort.abort();
      clearTimeout(again);
    };
  }, [serverId, listening]);

  const toggle = useCallback(
    async (uri: string) => {
      setPending(uri);
      setError(null);
      const path = `/api/servers/${encodeURIComponent(serverId)}/subscriptions`;
      try {
        const answer = subscriptions.includes(uri)
          ? await apiSend<SubscriptionsResponse>("DELETE", `${path}?uri=${encodeURIComponent(uri)}`)
          : await apiSend<SubscriptionsResponse>("POST", path, { uri });
        setSubscriptions(answer.subscriptions);
      } catch (err) {
        setError(err instanceof Error ? err.message : String(err));
      } finally {
        setPending(null);
      }
    },
    [serverId, subscriptions],
  );

  return { subscriptions, updates, pending, error, toggle };
}
