"use client";

import { useId } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";

/**
 * A form's choice of the person's servers: one checkbox each, in a fieldset
 * with its legend and its error (a status page's servers, a maintenance
 * window's). `chosen` keeps the order they were ticked in.
 */
export function ServerChecklist({
  legend,
  servers,
  chosen,
  onChange,
  error,
  empty,
}: {
  legend: string;
  servers: { id: string; name: string }[];
  chosen: string[];
  onChange: (chosen: string[]) => void;
  error?: string;
  /** What to say when there is no server to choose. */
  empty: string;
}) {
  const id = useId();
  const toggle = (serverId: string, on: boolean) => onChange(on ? [...chosen, serverId] : chosen.filter((x) => x !== serverId));
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${id}-servers-error` : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {servers.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="flex max-h-56 flex-col gap-2 overflow-y-auto">
          {servers.map((s) => (
            <li key={s.id} className="flex items-center gap-2">
              <Checkbox id={`${id}-server-${s.id}`} checked={chosen.includes(s.id)} onCheckedChange={(v) => toggle(s.id, v === true)} />
              <Label htmlFor={`${id}-server-${s.id}`} className="font-normal break-all">
                {s.name}
              </Label>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p id={`${id}-servers-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
