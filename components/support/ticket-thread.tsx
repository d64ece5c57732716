"use client";

import { ArrowLeft } from "lucide-react";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { BusyButton } from "@/components/app/busy-button";
import { OptionSelect, optionsOf } from "@/components/app/option-select";
import { FormAlert } from "@/components/app/form-alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { useAuth } from "@/lib/auth/auth-provider";
import { usePostMessage, useSetTicketStatus, useTicket } from "@/lib/support/hooks";
import { CATEGORY_LABELS, MESSAGE_MAX, messageCreate, STATUS_LABELS, TICKET_STATUSES, type TicketStatus, type TicketThread } from "@/lib/support/schema";
import { cn } from "@/lib/utils";
import { TicketStatusBadge } from "./ticket-status-badge";

function Messages({ ticket }: { ticket: TicketThread }) {
  return (
    <ol className="flex flex-col gap-3" aria-label="Messages">
      {ticket.messages.map((m) => (
        <li key={m.id} className={cn("rounded-xl border p-4", m.authorRole === "admin" && !m.mine ? "border-primary/40 bg-primary/5" : "")}>
          <div className="mb-2 flex flex-wrap gap-x-2 text-xs text-muted-foreground">
            <span className="font-medium text-foreground">{m.mine ? "You" : m.authorName}</span>
            <time dateTime={m.createdAt}>{new Date(m.createdAt).toLocaleString()}</time>
          </div>
          <p className="text-sm whitespace-pre-wrap">{m.body}</p>
        </li>
      ))}
    </ol>
  );
}

function ReplyForm({ ticket, answering }: { ticket: TicketThread; answering: boolean }) {
  const post = usePostMessage(ticket.id);
  const [error, setError] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = messageCreate.safeParse({ body: new FormData(form).get("body") });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Write a message.");
      return;
    }
    setError(null);
    post.mutate(parsed.data.body, { onSuccess: () => form.reset(), onError: (err) => setError(err.message) });
  }

  const label = answering ? "Answer" : "Reply";
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2" aria-label={label}>
      <Field label={answering ? "Your answer" : "Your reply"} error={error}>
        {(control) => <Textarea {...control} name="body" rows={4} maxLength={MESSAGE_MAX} />}
      </Field>
      {ticket.status === "closed" && !answering ? <p className="text-xs text-muted-foreground">Replying reopens the ticket.</p> : null}
      <div>
        <BusyButton type="submit" busy={post.isPending} busyLabel="Sending">
          {answering ? "Send answer" : "Send reply"}
        </BusyButton>
      </div>
    </form>
  );
}

function StatusControl({ ticket, admin }: { ticket: TicketThread; admin: boolean }) {
  const set = useSetTicketStatus(ticket.id);
  if (admin) {
    return (
      <Field label="Status" layout="label-first">
        {(control) => (
          <OptionSelect
            control={control}
            className="w-36"
            value={ticket.status}
            onChange={(v) => set.mutate(v as TicketStatus)}
            disabled={set.isPending}
            options={optionsOf(TICKET_STATUSES, (s) => STATUS_LABELS[s])}
          />
        )}
      </Field>
    );
  }
  return ticket.status === "closed" ? (
    <Button variant="outline" onClick={() => set.mutate("open")} disabled={set.isPending}>
      Reopen ticket
    </Button>
  ) : (
    <Button variant="outline" onClick={() => set.mutate("closed")} disabled={set.isPending}>
      Close ticket
    </Button>
  );
}

/** One ticket's conversation. `admin` answers as the support team and may set any status. */
export function TicketThreadView({ id, backHref, admin = false }: { id: string; backHref: string; admin?: boolean }) {
  const { data, isPending, isError, error } = useTicket(id);
  const { user } = useAuth();
  return (
    <div className="flex flex-col gap-4">
      <Link href={backHref} className="flex w-fit items-center gap-1 text-sm text-primary underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        All tickets
      </Link>
      {isPending ? (
        <Skeleton className="h-48 w-full" aria-label="Loading the ticket" />
      ) : isError ? (
        <FormAlert>{error.message}</FormAlert>
      ) : (
        <>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h2 className="text-xl font-semibold">{data.ticket.subject}</h2>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                <TicketStatusBadge status={data.ticket.status} />
                {CATEGORY_LABELS[data.ticket.category]}
                {data.ticket.server ? <span>· Server {data.ticket.server.name}</span> : null}
                {data.ticket.requester ? (
                  <span>
                    · From {data.ticket.requester.displayName} &lt;{data.ticket.requester.email}&gt;
                  </span>
                ) : null}
              </p>
            </div>
            <StatusControl ticket={data.ticket} admin={admin} />
          </div>
          <Messages ticket={data.ticket} />
          <ReplyForm ticket={data.ticket} answering={admin && data.ticket.requester?.uid !== user?.uid} />
        </>
      )}
    </div>
  );
}
