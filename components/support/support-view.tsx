"use client";

import { LifeBuoy } from "lucide-react";
import { useRouter, useSearchParams } from "next/navigation";
import { EmptyState } from "@/components/app/empty-state";
import { FormAlert } from "@/components/app/form-alert";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import type { ServerOption } from "@/lib/activity/servers";
import { useOwnTickets } from "@/lib/support/hooks";
import { TICKET_CATEGORIES, type TicketCategory } from "@/lib/support/schema";
import { NewTicketForm } from "./new-ticket-form";
import { TicketList } from "./ticket-list";
import { TicketThreadView } from "./ticket-thread";
import { isUuid } from "@/lib/guards";

function MailNotice({ mailEnabled }: { mailEnabled: boolean }) {
  return mailEnabled ? (
    <p className="text-sm text-muted-foreground">We email you when the team answers. Answers also appear here.</p>
  ) : (
    <FormAlert tone="info">Email is off on this installation: answers appear here only, so check back on this page.</FormAlert>
  );
}

export function SupportView({ servers, mailEnabled }: { servers: ServerOption[]; mailEnabled: boolean }) {
  const params = useSearchParams();
  const router = useRouter();
  const ticketId = params.get("ticket");
  const tickets = useOwnTickets();

  if (ticketId && isUuid(ticketId)) {
    return (
      <div className="flex flex-col gap-4">
        <MailNotice mailEnabled={mailEnabled} />
        <TicketThreadView id={ticketId} backHref="/support" />
      </div>
    );
  }

  const category = params.get("category") ?? "";
  const initial = {
    subject: (params.get("subject") ?? "").slice(0, 150),
    category: (TICKET_CATEGORIES as readonly string[]).includes(category) ? (category as TicketCategory) : ("" as const),
  };

  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <section aria-labelledby="new-ticket-heading" className="flex flex-col gap-4">
        <h2 id="new-ticket-heading" className="text-lg font-semibold">
          Open a ticket
        </h2>
        <MailNotice mailEnabled={mailEnabled} />
        <NewTicketForm
          servers={servers}
          initial={initial}
          onCreated={(t) => {
            toast({ title: "Ticket sent", description: "The team will answer here." });
            router.push(`/support?ticket=${t.id}`);
          }}
        />
      </section>
      <section aria-labelledby="tickets-heading" className="flex flex-col gap-4">
        <h2 id="tickets-heading" className="text-lg font-semibold">
          Your tickets
        </h2>
        {tickets.isPending ? (
          <Skeleton className="h-32 w-full" aria-label="Loading your tickets" />
        ) : tickets.isError ? (
          <FormAlert>{tickets.error.message}</FormAlert>
        ) : tickets.data.tickets.length === 0 ? (
          <EmptyState icon={LifeBuoy} title="No tickets yet">
            Your tickets and the team&apos;s answers appear here.
          </EmptyState>
        ) : (
          <TicketList tickets={tickets.data.tickets} hrefFor={(id) => `/support?ticket=${id}`} label="Your tickets" />
        )}
      </section>
    </div>
  );
}
