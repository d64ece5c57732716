"use client";

import { Search, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { OptionSelect, optionsOf } from "@/components/app/option-select";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { ServerFilters } from "@/lib/servers/hooks";
import type { ServerStatus } from "@/lib/servers/schema";
import { STATUS_META, STATUS_ORDER } from "@/components/monitoring/server-status";

const SEARCH_DELAY_MS = 300;

/** Search, status and tag; the parent keeps them in the URL. */
export function ServerFiltersBar({
  filters,
  tags,
  onChange,
}: {
  filters: ServerFilters;
  /** Every tag in use, for the tag menu. */
  tags: string[];
  onChange: (next: ServerFilters) => void;
}) {
  const q = filters.q ?? "";
  const [draft, setDraft] = useState(q);
  const [syncedQ, setSyncedQ] = useState(q);
  /** The last search this box put in the URL: an answer to it must not overwrite newer typing. */
  const [sentQ, setSentQ] = useState(q);
  if (q !== syncedQ) {
    setSyncedQ(q);
    // Changed elsewhere (back button, a link, "Clear filters"): show what the URL says.
    if (q !== sentQ) {
      setSentQ(q);
      setDraft(q);
    }
  }

  useEffect(() => {
    const next = draft.trim();
    if (next === q) return;
    const timer = setTimeout(() => {
      setSentQ(next);
      onChange({ ...filters, q: next || undefined });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, q, filters, onChange]);

  const id = useId();
  const tagOptions = filters.tag && !tags.includes(filters.tag) ? [...tags, filters.tag].sort() : tags;
  const active = Boolean(filters.q || filters.status || filters.tag);

  return (
    <div role="search" aria-label="Filter servers" className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
      <div className="relative sm:w-72">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          type="search"
          aria-label="Search servers by name, URL or description"
          placeholder="Search servers…"
          maxLength={100}
          value={draft}
          className="pl-9"
          onChange={(e) => setDraft(e.target.value)}
        />
      </div>
      <span id={`${id}-status-label`} className="sr-only">
        Status:
      </span>
      {/* Named "Status: <choice>", so the visible choice is part of the name (WCAG 2.5.3). */}
      <OptionSelect
        id={`${id}-status`}
        aria-labelledby={`${id}-status-label ${id}-status`}
        className="sm:w-44"
        value={filters.status ?? ""}
        onChange={(v) => onChange({ ...filters, status: (v || undefined) as ServerStatus | undefined })}
        any="All statuses"
        options={optionsOf(STATUS_ORDER, (s) => STATUS_META[s].label)}
      />
      <span id={`${id}-tag-label`} className="sr-only">
        Tag:
      </span>
      <OptionSelect
        id={`${id}-tag`}
        aria-labelledby={`${id}-tag-label ${id}-tag`}
        className="sm:w-44"
        value={filters.tag ?? ""}
        onChange={(v) => onChange({ ...filters, tag: v || undefined })}
        any="All tags"
        options={optionsOf(tagOptions, (t) => t)}
      />
      {active ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => onChange({})}
        >
          <X aria-hidden="true" />
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}
