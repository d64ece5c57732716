"use client";

import { OptionSelect } from "@/components/app/option-select";
import { StatusBadge } from "@/components/monitoring/status-badge";
import { Field } from "@/components/ui/field";
import type { ServerDto } from "@/lib/servers/schema";

/** Which of the user's servers the workbench talks to. */
export function ServerPicker({ servers, value, onChange }: { servers: ServerDto[]; value: string; onChange: (id: string) => void }) {
  const current = servers.find((s) => s.id === value);
  return (
    <Field id="wb-server" label="Server" layout="label-first" addon={current ? <StatusBadge status={current.status} /> : null}>
      {(control) => (
        <OptionSelect
          control={control}
          className="w-72"
          value={value}
          onChange={onChange}
          placeholder="Choose a server"
          options={servers.map((s) => ({ value: s.id, label: s.name }))}
        />
      )}
    </Field>
  );
}
