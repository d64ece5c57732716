"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiSend } from "@/lib/api/client";
import type { ContactMessageItem, ContactPage, ContactStatus, TicketCreate, TicketPage, TicketStatus, TicketSummary, TicketThread } from "./schema";

const OWN_TICKETS = ["/api/support/tickets"] as const;
const ticketKey = (id: string) => [`/api/support/tickets/${id}`] as const;
const ALL_TICKETS = "/api/admin/support/tickets";
const CONTACT_MESSAGES = "/api/admin/contact-messages";

export function useOwnTickets() {
  return useQuery<{ tickets: TicketSummary[] }>({ queryKey: OWN_TICKETS, staleTime: 0 });
}

export function useTicket(id: string) {
  return useQuery<{ ticket: TicketThread }>({ queryKey: ticketKey(id), staleTime: 0 });
}

/** After any change to a ticket, every list that shows it is refetched. */
function useTicketChanged() {
  const client = useQueryClient();
  return ({ ticket }: { ticket: TicketThread }) => {
    client.setQueryData(ticketKey(ticket.id), { ticket });
    void client.invalidateQueries({ queryKey: OWN_TICKETS });
    void client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(ALL_TICKETS) });
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
function useInboxPages<T>(path: string, status: string) {
  return useInfiniteQuery({
    queryKey: [path, status],
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
  return useInboxPages<TicketPage>(ALL_TICKETS, status);
}

export function useContactMessages() {
  return useInboxPages<ContactPage>(CONTACT_MESSAGES, "");
}

export function useSetContactStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ContactStatus }) =>
      apiSend<{ message: ContactMessageItem }>("PATCH", `${CONTACT_MESSAGES}/${id}`, { status }),
    onSuccess: () => client.invalidateQueries({ queryKey: [CONTACT_MESSAGES] }),
    retry: false,
  });
}
