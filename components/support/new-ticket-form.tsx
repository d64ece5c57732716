"use client";

import { useState, type FormEvent } from "react";
import { BusyButton } from "@/components/app/busy-button";
import { OptionSelect, optionsOf } from "@/components/app/option-select";
import { FormAlert } from "@/components/app/form-alert";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import type { ServerOption } from "@/lib/activity/servers";
import { useSchemaForm } from "@/lib/forms/use-schema-form";
import { useCreateTicket } from "@/lib/support/hooks";
import { CATEGORY_LABELS, MESSAGE_MAX, TICKET_CATEGORIES, ticketCreate, type TicketCategory, type TicketThread } from "@/lib/support/schema";

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
  const [category, setCategory] = useState<string>(initial.category);
  const [serverId, setServerId] = useState("");
  const { errors, submit } = useSchemaForm(ticketCreate);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const parsed = await submit(event, {
      subject: data.get("subject"),
      message: data.get("message"),
      category: category || undefined,
      serverId: serverId || undefined,
    });
    if (!parsed) return;
    const { form } = parsed;
    create.mutate(parsed.data, {
      onSuccess: ({ ticket }) => {
        form.reset();
        setCategory("");
        setServerId("");
        onCreated(ticket);
      },
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Open a ticket">
      <Field label="Subject" error={errors.subject}>
        {(control) => <Input {...control} name="subject" defaultValue={initial.subject} maxLength={150} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Category" error={errors.category}>
          {(control) => (
            <OptionSelect
              control={control}
              value={category}
              onChange={setCategory}
              placeholder="Choose a category"
              options={optionsOf(TICKET_CATEGORIES, (c) => CATEGORY_LABELS[c])}
            />
          )}
        </Field>
        <Field label="Server (optional)" error={errors.serverId}>
          {(control) => (
            <OptionSelect
              control={control}
              value={serverId}
              onChange={setServerId}
              any="No particular server"
              options={servers.map((s) => ({ value: s.id, label: s.name }))}
            />
          )}
        </Field>
      </div>
      <Field label="Message" error={errors.message}>
        {(control) => <Textarea {...control} name="message" rows={6} maxLength={MESSAGE_MAX} />}
      </Field>
      {create.isError ? <FormAlert>{create.error.message}</FormAlert> : null}
      <div>
        <BusyButton type="submit" busy={create.isPending} busyLabel="Sending">
          Send ticket
        </BusyButton>
      </div>
    </form>
  );
}
