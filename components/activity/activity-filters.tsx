"use client";

import { X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { ACTIVITY_ACTIONS } from "@/lib/activity/actions";
import { NO_FILTERS, type ActivityViewFilters } from "@/lib/activity/client";
import { ACTION_LABELS } from "@/lib/activity/schema";
import type { ServerOption } from "@/lib/activity/servers";

// Radix Select items cannot have an empty value: this one stands for "no filter".
const ANY = "any";

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
      <div className="flex flex-col gap-2">
        <Label htmlFor="activity-action">Action</Label>
        <Select value={filters.action || ANY} onValueChange={(v) => set({ action: v === ANY ? "" : v })}>
          <SelectTrigger id="activity-action">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ANY}>All actions</SelectItem>
            {ACTIVITY_ACTIONS.map((a) => (
              <SelectItem key={a} value={a}>
                {ACTION_LABELS[a]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="activity-server">Server</Label>
        <Select value={filters.serverId || ANY} onValueChange={(v) => set({ serverId: v === ANY ? "" : v })}>
          <SelectTrigger id="activity-server">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ANY}>All servers</SelectItem>
            {servers.map((s) => (
              <SelectItem key={s.id} value={s.id}>
                {s.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="activity-from">From</Label>
        <Input id="activity-from" type="date" value={filters.from} max={filters.to || undefined} onChange={(e) => set({ from: e.target.value })} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="activity-to">To</Label>
        <Input
          id="activity-to"
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          aria-invalid={rangeInvalid || undefined}
          aria-describedby={rangeInvalid ? "activity-range-error" : undefined}
          onChange={(e) => set({ to: e.target.value })}
        />
      </div>
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
