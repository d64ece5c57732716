"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiSend, navigation } from "@/lib/api-client/fetch";
import { dashboardKeys, serverKeys, serversPath, type ServerFilters } from "./keys";
import type { ImportPreview, ImportResult } from "./schema";
import type { ImportRequest } from "./mcp-config";
import type { AnyConnectionInput, AnyServerCreate, AnyServerUpdate } from "./stdio-schema";
import type {
  ConnectionTestResult,
  ServerDto,
  ServerInventory,
  ServerListResponse,
  ServerUpdateResult,
} from "./schema";

// The keys and paths live in ./keys.ts, where the server's prefetch (./prefetch.ts) reads them too.
export { dashboardKeys, serverKeys, serversPath, type ServerFilters } from "./keys";

/**
 * How often a visible page asks again for what checks change (statuses,
 * latency, incidents), so badges move without a reload. TanStack Query stops
 * polling while the tab is hidden.
 */
export const LIVE_REFETCH_MS = 15_000;

const serverPath = (id: string) => `/api/servers/${encodeURIComponent(id)}`;

export function useServers(filters: ServerFilters = {}) {
  return useQuery({
    queryKey: serverKeys.list(filters),
    queryFn: ({ signal }) => apiGet<ServerListResponse>(serversPath(filters), { signal }).then((r) => r.servers),
    refetchInterval: LIVE_REFETCH_MS,
  });
}

export function useServer(id: string) {
  return useQuery({
    queryKey: serverKeys.detail(id),
    queryFn: ({ signal }) => apiGet<ServerDto>(serverPath(id), { signal }),
    // A server that is gone (404) stays gone: no reason to keep asking.
    refetchInterval: (query) => (query.state.status === "error" ? false : LIVE_REFETCH_MS),
  });
}

export function useServerInventory(id: string, enabled = true) {
  return useQuery({
    queryKey: serverKeys.inventory(id),
    queryFn: ({ signal }) => apiGet<ServerInventory>(`${serverPath(id)}/inventory`, { signal }),
    enabled,
  });
}

/** Any change to a server also changes lists, counts and the dashboard. */
function useInvalidateFleet() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: serverKeys.lists() }),
      client.invalidateQueries({ queryKey: dashboardKeys.summary() }),
    ]);
}

// Test, create and discover talk to a remote server or are not idempotent:
// an automatic retry would double a slow failure or create twice, so the user
// decides whether to try again.

export function useTestConnection() {
  return useMutation({
    mutationFn: (input: AnyConnectionInput) => apiSend<ConnectionTestResult>("POST", "/api/servers/test", input),
    retry: false,
  });
}

export function useCreateServer() {
  const client = useQueryClient();
  const invalidateFleet = useInvalidateFleet();
  return useMutation({
    mutationFn: (input: AnyServerCreate) => apiSend<ServerDto>("POST", "/api/servers", input),
    retry: false,
    onSuccess: (server) => {
      client.setQueryData(serverKeys.detail(server.id), server);
      void invalidateFleet();
    },
  });
}

export function useUpdateServer(id: string) {
  const client = useQueryClient();
  const invalidateFleet = useInvalidateFleet();
  return useMutation({
    mutationFn: (input: AnyServerUpdate) => apiSend<ServerUpdateResult>("PATCH", serverPath(id), input),
    onSuccess: (result) => {
      const server: ServerDto & Partial<Pick<ServerUpdateResult, "headersDropped" | "signInDropped">> = { ...result };
      delete server.headersDropped;
      delete server.signInDropped;
      client.setQueryData<ServerDto>(serverKeys.detail(id), server);
      void invalidateFleet();
    },
  });
}

export function useDeleteServer(id: string) {
  const client = useQueryClient();
  const invalidateFleet = useInvalidateFleet();
  return useMutation({
    // 204 without a body, or `{ ok: true }`: only success matters.
    mutationFn: () => apiSend<unknown>("DELETE", serverPath(id)),
    onSuccess: () => {
      // Marked stale without a refetch: the page still showing it is about to
      // leave, and a later visit then asks again (and gets the not-found page).
      void client.invalidateQueries({ queryKey: serverKeys.detail(id), refetchType: "none" });
      void client.invalidateQueries({ queryKey: serverKeys.inventory(id), refetchType: "none" });
      void invalidateFleet();
    },
  });
}

export function useDiscoverServer(id: string) {
  const client = useQueryClient();
  const invalidateFleet = useInvalidateFleet();
  return useMutation({
    // Keyed, so that every button that starts discovery shows it running.
    mutationKey: serverKeys.discover(id),
    mutationFn: () => apiSend<ServerInventory>("POST", `${serverPath(id)}/discover`),
    retry: false,
    onSuccess: (inventory) => {
      client.setQueryData(serverKeys.inventory(id), inventory);
      // Discovery updates the server's counts, info and status too.
      void client.invalidateQueries({ queryKey: serverKeys.detail(id) });
      void invalidateFleet();
    },
  });
}

/** `POST /api/servers/{id}/authorize`, then off to the authorization server's page (OAuth servers). */
export function useAuthorizeServer(id: string) {
  return useMutation({
    mutationFn: (client: { clientId?: string; clientSecret?: string } = {}) => apiSend<{ authorizationUrl: string }>("POST", `${serverPath(id)}/authorize`, client),
    retry: false,
    onSuccess: ({ authorizationUrl }) => navigation.assign(authorizationUrl),
  });
}

/** `POST /api/servers/import/preview`: what an `mcpServers` file or a server.json would create and skip. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: (request: ImportRequest) => apiSend<ImportPreview>("POST", "/api/servers/import/preview", request),
    retry: false,
  });
}

/** `POST /api/servers/import`: creates and connects what the file holds. */
export function useImportServers() {
  const invalidateFleet = useInvalidateFleet();
  return useMutation({
    mutationFn: (request: ImportRequest) => apiSend<ImportResult>("POST", "/api/servers/import", request),
    retry: false,
    onSuccess: () => void invalidateFleet(),
  });
}
