"use client";

import { X } from "lucide-react";
import { OptionSelect, optionsOf } from "@/components/app/option-select";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { ACTIVITY_ACTIONS } from "@/lib/activity/actions";
import { NO_FILTERS, type ActivityViewFilters } from "@/lib/activity/keys";
import { actionLabel } from "@/lib/activity/labels";
import type { ServerOption } from "@/lib/activity/servers";

export function ActivityFilters({
  filters,
  servers,
  onChange,
}: {
  filters: ActivityViewFilters;
  servers: ServerOption[];
  onChange(next: ActivityViewFilters): void;
}) {
  const set = (patch: Partial<ActivityViewFilters>) => onChange({ ...filters, ...patch });
  const active = Object.values(filters).some(Boolean);
  const rangeInvalid = Boolean(filters.from && filters.to && filters.from > filters.to);

  return (
    <div role="search" aria-label="Filter activity" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto] lg:items-end">
      <Field id="activity-action" label="Action">
        {(control) => (
          <OptionSelect
            control={control}
            value={filters.action}
            onChange={(action) => set({ action })}
            any="All actions"
            options={optionsOf(ACTIVITY_ACTIONS, actionLabel)}
          />
        )}
      </Field>
      <Field id="activity-server" label="Server">
        {(control) => (
          <OptionSelect
            control={control}
            value={filters.serverId}
            onChange={(serverId) => set({ serverId })}
            any="All servers"
            options={servers.map((s) => ({ value: s.id, label: s.name }))}
          />
        )}
      </Field>
      <Field id="activity-from" label="From">
        {(control) => <Input {...control} type="date" value={filters.from} max={filters.to || undefined} onChange={(e) => set({ from: e.target.value })} />}
      </Field>
      <Field id="activity-to" label="To">
        {(control) => (
          <Input
            {...control}
            type="date"
            value={filters.to}
            min={filters.from || undefined}
            // The range's error spans the row under both dates.
            aria-invalid={rangeInvalid || undefined}
            aria-describedby={rangeInvalid ? "activity-range-error" : undefined}
            onChange={(e) => set({ to: e.target.value })}
          />
        )}
      </Field>
      <Button variant="ghost" onClick={() => onChange(NO_FILTERS)} disabled={!active}>
        <X aria-hidden="true" />
        Clear filters
      </Button>
      {rangeInvalid ? (
        <p id="activity-range-error" className="text-sm text-destructive sm:col-span-2 lg:col-span-5">
          The first day must not be after the last day.
        </p>
      ) : null}
    </div>
  );
}
