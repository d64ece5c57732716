"use client";

import { useId, useState, type FormEvent } from "react";
import { FormAlert } from "@/components/auth/form-alert";
import { FormField } from "@/components/auth/form-field";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import type { ServerOption } from "@/lib/activity/servers";
import { fieldErrors, type FieldErrors } from "@/lib/auth/forms";
import { useCreateTicket } from "@/lib/support/client";
import { CATEGORY_LABELS, MESSAGE_MAX, TICKET_CATEGORIES, ticketCreate, type TicketCategory, type TicketCreate, type TicketThread } from "@/lib/support/schema";

const NO_SERVER = "none";

export function NewTicketForm({
  servers,
  initial,
  onCreated,
}: {
  servers: ServerOption[];
  initial: { subject: string; category: TicketCategory | "" };
  onCreated(ticket: TicketThread): void;
}) {
  const create = useCreateTicket();
  const ids = { category: useId(), server: useId(), message: useId() };
  const [category, setCategory] = useState<string>(initial.category);
  const [serverId, setServerId] = useState(NO_SERVER);
  const [errors, setErrors] = useState<FieldErrors<TicketCreate>>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const parsed = ticketCreate.safeParse({
      subject: data.get("subject"),
      message: data.get("message"),
      category: category || undefined,
      serverId: serverId === NO_SERVER ? undefined : serverId,
    });
    setErrors(fieldErrors(parsed));
    if (!parsed.success) return;
    create.mutate(parsed.data, {
      onSuccess: ({ ticket }) => {
        form.reset();
        setCategory("");
        setServerId(NO_SERVER);
        onCreated(ticket);
      },
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Open a ticket">
      <FormField name="subject" label="Subject" defaultValue={initial.subject} maxLength={150} error={errors.subject} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor={ids.category}>Category</Label>
          <Select value={category} onValueChange={setCategory}>
            <SelectTrigger id={ids.category} aria-invalid={errors.category ? true : undefined} aria-describedby={errors.category ? `${ids.category}-error` : undefined}>
              <SelectValue placeholder="Choose a category" />
            </SelectTrigger>
            <SelectContent>
              {TICKET_CATEGORIES.map((c) => (
                <SelectItem key={c} value={c}>
                  {CATEGORY_LABELS[c]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {errors.category ? (
            <p id={`${ids.category}-error`} className="text-sm text-destructive">
              {errors.category}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={ids.server}>Server (optional)</Label>
          <Select value={serverId} onValueChange={setServerId}>
            <SelectTrigger id={ids.server}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={NO_SERVER}>No particular server</SelectItem>
              {servers.map((s) => (
                <SelectItem key={s.id} value={s.id}>
                  {s.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {errors.serverId ? <p className="text-sm text-destructive">{errors.serverId}</p> : null}
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.message}>Message</Label>
        <Textarea
          id={ids.message}
          name="message"
          rows={6}
          maxLength={MESSAGE_MAX}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? `${ids.message}-error` : undefined}
        />
        {errors.message ? (
          <p id={`${ids.message}-error`} className="text-sm text-destructive">
            {errors.message}
          </p>
        ) : null}
      </div>
      {create.isError ? <FormAlert>{create.error.message}</FormAlert> : null}
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? <Spinner size="sm" aria-label="Sending" className="text-current" /> : null}
          Send ticket
        </Button>
      </div>
    </form>
  );
}
