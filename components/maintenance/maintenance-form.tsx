"use client";

import { useState, type FormEvent } from "react";
import { FormProblemBanner } from "@/components/app/form-problem";
import { ServerChecklist } from "@/components/app/server-checklist";
import { useSaveForm } from "@/components/app/use-save-form";
import { BusyButton } from "@/components/app/busy-button";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { maintenanceCreate, MAINTENANCE_NOTE_MAX, type MaintenanceCreate } from "@/lib/maintenance/schema";

/** "2026-11-27T14:00" in the reader's zone, for a datetime-local input. */
function localInput(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const toIso = (local: string) => (local ? new Date(local).toISOString() : "");

/** When a window starts and ends (in the reader's time zone), which servers, and a note for the status page. */
export function MaintenanceForm({
  servers,
  onSubmit,
  onCancel,
}: {
  servers: { id: string; name: string }[];
  onSubmit: (input: MaintenanceCreate) => Promise<unknown>;
  onCancel: () => void;
}) {
  // The next whole hour, for an hour: the usual window.
  const [startsAt, setStartsAt] = useState(() => {
    const d = new Date();
    d.setMinutes(60, 0, 0);
    return localInput(d);
  });
  const [endsAt, setEndsAt] = useState(() => localInput(new Date(Date.parse(startsAt) + 3_600_000)));
  const [chosen, setChosen] = useState<string[]>(servers.length === 1 ? [servers[0].id] : []);
  const [note, setNote] = useState("");
  const { errors, problem, saving, save } = useSaveForm();

  function submit(event: FormEvent) {
    event.preventDefault();
    void save(maintenanceCreate.safeParse({ startsAt: toIso(startsAt), endsAt: toIso(endsAt), serverIds: chosen, note }), onSubmit);
  }

  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  return (
    <form onSubmit={submit} className="flex flex-col gap-5" noValidate aria-label="Schedule maintenance">
      <FormProblemBanner problem={problem} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Starts" error={errors.startsAt} hint={`Your time zone (${zone}).`}>
          {(control) => <Input {...control} type="datetime-local" value={startsAt} onChange={(e) => setStartsAt(e.target.value)} />}
        </Field>
        <Field label="Ends" error={errors.endsAt}>
          {(control) => <Input {...control} type="datetime-local" value={endsAt} onChange={(e) => setEndsAt(e.target.value)} />}
        </Field>
      </div>
      <ServerChecklist legend="Servers" servers={servers} chosen={chosen} onChange={setChosen} error={errors.serverIds} empty="Add a server first." />
      <Field label="Note" error={errors.note} hint="Shown on your status pages, e.g. “Upgrading the database”. Optional.">
        {(control) => <Textarea {...control} value={note} maxLength={MAINTENANCE_NOTE_MAX} rows={3} onChange={(e) => setNote(e.target.value)} />}
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <BusyButton type="submit" busy={saving} busyLabel="Scheduling">
          Schedule maintenance
        </BusyButton>
      </div>
    </form>
  );
}
