"use client";

import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiSend } from "@/lib/api-client/fetch";
import type { AdminUser, AdminUsersPage, AdminUserUpdate, Role } from "./schema";
import type { PlanId } from "../plans/table";

const USERS = "/api/admin/users";

export const adminKeys = {
  users: () => ["admin", "users"] as const,
  userList: (filter: UserFilter) => [...adminKeys.users(), filter] as const,
};

export interface UserFilter {
  q: string;
  role: Role | "";
  plan: PlanId | "";
}

export function useAdminUsers(filter: UserFilter) {
  return useInfiniteQuery({
    queryKey: adminKeys.userList(filter),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (filter.q.trim()) params.set("q", filter.q.trim());
      if (filter.role) params.set("role", filter.role);
      if (filter.plan) params.set("plan", filter.plan);
      if (pageParam) params.set("cursor", pageParam);
      return apiGet<AdminUsersPage>(`${USERS}?${params}`, { signal });
    },
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });
}

export function useUpdateUser(uid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: AdminUserUpdate) => apiSend<{ user: AdminUser }>("PATCH", `${USERS}/${encodeURIComponent(uid)}`, change),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.users() }),
    retry: false,
  });
}
