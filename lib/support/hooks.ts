"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiSend } from "@/lib/api-client/fetch";
import type { ContactMessageItem, ContactPage, ContactStatus, TicketCreate, TicketPage, TicketStatus, TicketSummary, TicketThread } from "./schema";

const ALL_TICKETS = "/api/admin/support/tickets";
const CONTACT_MESSAGES = "/api/admin/contact-messages";

export const supportKeys = {
  ownTickets: () => ["support", "tickets"] as const,
  ticket: (id: string) => ["support", "ticket", id] as const,
  /** Every ticket, as administrators page through them. */
  allTickets: () => ["support", "all-tickets"] as const,
  allTicketsWith: (status: string) => [...supportKeys.allTickets(), status] as const,
  contactMessages: () => ["support", "contact-messages"] as const,
};

export function useOwnTickets() {
  return useQuery({
    queryKey: supportKeys.ownTickets(),
    queryFn: ({ signal }) => apiGet<{ tickets: TicketSummary[] }>("/api/support/tickets", { signal }),
    staleTime: 0,
  });
}

export function useTicket(id: string) {
  return useQuery({
    queryKey: supportKeys.ticket(id),
    queryFn: ({ signal }) => apiGet<{ ticket: TicketThread }>(`/api/support/tickets/${encodeURIComponent(id)}`, { signal }),
    staleTime: 0,
  });
}

/** After any change to a ticket, every list that shows it is refetched. */
function useTicketChanged() {
  const client = useQueryClient();
  return ({ ticket }: { ticket: TicketThread }) => {
    client.setQueryData(supportKeys.ticket(ticket.id), { ticket });
    void client.invalidateQueries({ queryKey: supportKeys.ownTickets() });
    void client.invalidateQueries({ queryKey: supportKeys.allTickets() });
  };
}

export function useCreateTicket() {
  const changed = useTicketChanged();
  return useMutation({
    mutationFn: (input: TicketCreate) => apiSend<{ ticket: TicketThread }>("POST", "/api/support/tickets", input),
    onSuccess: changed,
    retry: false,
  });
}

export function usePostMessage(id: string) {
  const changed = useTicketChanged();
  return useMutation({
    mutationFn: (body: string) => apiSend<{ ticket: TicketThread }>("POST", `/api/support/tickets/${id}/messages`, { body }),
    onSuccess: changed,
    retry: false,
  });
}

export function useSetTicketStatus(id: string) {
  const changed = useTicketChanged();
  return useMutation({
    mutationFn: (status: TicketStatus) => apiSend<{ ticket: TicketThread }>("PATCH", `/api/support/tickets/${id}`, { status }),
    onSuccess: changed,
    retry: false,
  });
}

/** An inbox list, a page at a time (`fetchNextPage` for older ones). */
function useInboxPages<T>(key: readonly unknown[], path: string, status: string) {
  return useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (status) params.set("status", status);
      if (pageParam) params.set("cursor", pageParam);
      return apiGet<T>(`${path}?${params}`, { signal });
    },
    initialPageParam: "",
    getNextPageParam: (last: T) => (last as { nextCursor: string | null }).nextCursor ?? undefined,
    staleTime: 0,
  });
}

export function useAllTickets(status: TicketStatus | "") {
  return useInboxPages<TicketPage>(supportKeys.allTicketsWith(status), ALL_TICKETS, status);
}

export function useContactMessages() {
  return useInboxPages<ContactPage>(supportKeys.contactMessages(), CONTACT_MESSAGES, "");
}

export function useSetContactStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ContactStatus }) =>
      apiSend<{ message: ContactMessageItem }>("PATCH", `${CONTACT_MESSAGES}/${id}`, { status }),
    onSuccess: () => client.invalidateQueries({ queryKey: supportKeys.contactMessages() }),
    retry: false,
  });
}
