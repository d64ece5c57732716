"use client";

import { Inbox, Mail } from "lucide-react";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { EmptyState } from "@/components/app/empty-state";
import { LoadMore } from "@/components/app/load-more";
import { OptionSelect, optionsOf } from "@/components/app/option-select";
import { FormAlert } from "@/components/app/form-alert";
import { TicketList } from "@/components/support/ticket-list";
import { TicketThreadView } from "@/components/support/ticket-thread";
import { Field } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { isUuid } from "@/lib/guards";
import { useAllTickets, useContactMessages, useSetContactStatus } from "@/lib/support/hooks";
import { CONTACT_STATUSES, STATUS_LABELS, TICKET_STATUSES, type ContactStatus, type TicketStatus } from "@/lib/support/schema";

const CONTACT_LABELS: Record<ContactStatus, string> = { new: "New", read: "Read", archived: "Archived" };

function Tickets() {
  const [status, setStatus] = useState<TicketStatus | "">("open");
  const tickets = useAllTickets(status);
  return (
    <div className="flex flex-col gap-4">
      <Field label="Show" layout="label-first">
        {(control) => (
          <OptionSelect
            control={control}
            className="w-44"
            value={status}
            onChange={(v) => setStatus(v as TicketStatus | "")}
            any="All tickets"
            options={optionsOf(TICKET_STATUSES, (s) => STATUS_LABELS[s])}
          />
        )}
      </Field>
      {tickets.isPending ? (
        <Skeleton className="h-32 w-full" aria-label="Loading tickets" />
      ) : tickets.isError ? (
        <FormAlert>{tickets.error.message}</FormAlert>
      ) : tickets.data.pages[0].tickets.length === 0 ? (
        <EmptyState icon={Inbox} title="Nothing here">
          No ticket has this status.
        </EmptyState>
      ) : (
        <>
          <TicketList tickets={tickets.data.pages.flatMap((p) => p.tickets)} hrefFor={(t) => `/admin/support?ticket=${t}`} label="Support tickets" />
          <LoadMore query={tickets} label="Load older tickets" busyLabel="Loading older tickets…" />
        </>
      )}
    </div>
  );
}

function ContactMessages() {
  const messages = useContactMessages();
  const setStatus = useSetContactStatus();
  if (messages.isPending) return <Skeleton className="h-32 w-full" aria-label="Loading contact messages" />;
  if (messages.isError) return <FormAlert>{messages.error.message}</FormAlert>;
  const all = messages.data.pages.flatMap((p) => p.messages);
  if (all.length === 0) {
    return (
      <EmptyState icon={Mail} title="No contact messages">
        Messages sent through the public contact form appear here.
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-3" aria-label="Contact messages">
        {all.map((m) => (
          <li key={m.id} className="rounded-xl border p-4">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <h3 className="font-medium">{m.subject}</h3>
                <p className="text-xs text-muted-foreground">
                  {m.name} &lt;
                  <a href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`} className="text-primary underline-offset-4 hover:underline">
                    {m.email}
                  </a>
                  &gt; · <time dateTime={m.createdAt}>{new Date(m.createdAt).toLocaleString()}</time>
                </p>
              </div>
              <OptionSelect
                className="w-32"
                aria-label={`Status of “${m.subject}”`}
                value={m.status}
                onChange={(v) => setStatus.mutate({ id: m.id, status: v as ContactStatus })}
                options={optionsOf(CONTACT_STATUSES, (s) => CONTACT_LABELS[s])}
              />
            </div>
            <p className="mt-2 text-sm whitespace-pre-wrap">{m.message}</p>
          </li>
        ))}
      </ul>
      <LoadMore query={messages} label="Load older messages" busyLabel="Loading older messages…" />
    </div>
  );
}

export function SupportInbox() {
  const ticket = useSearchParams().get("ticket");
  if (ticket && isUuid(ticket)) return <TicketThreadView id={ticket} backHref="/admin/support" admin />;
  return (
    <Tabs defaultValue="tickets">
      <TabsList>
        <TabsTrigger value="tickets">Tickets</TabsTrigger>
        <TabsTrigger value="contact">Contact messages</TabsTrigger>
      </TabsList>
      <TabsContent value="tickets" className="mt-4">
        <Tickets />
      </TabsContent>
      <TabsContent value="contact" className="mt-4">
        <ContactMessages />
      </TabsContent>
    </Tabs>
  );
}
