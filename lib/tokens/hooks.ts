"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiSend } from "@/lib/api-client/fetch";
import type { TokenCreate, TokenCreated, TokenListResponse } from "./schema";

const tokenKeys = { list: () => ["api-tokens"] as const };

export function useTokens() {
  return useQuery({
    queryKey: tokenKeys.list(),
    queryFn: ({ signal }) => apiGet<TokenListResponse>("/api/user/tokens", { signal }),
    staleTime: 0,
  });
}

/** The created token lives only in the component that shows it once; the cache keeps the list. */
export function useCreateToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TokenCreate) => apiSend<TokenCreated>("POST", "/api/user/tokens", input),
    onSuccess: () => client.invalidateQueries({ queryKey: tokenKeys.list() }),
    retry: false,
  });
}

export function useRevokeToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiSend<{ revoked: true }>("DELETE", `/api/user/tokens/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: tokenKeys.list() }),
    retry: false,
  });
}
