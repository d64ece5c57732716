"use client";

import { Search } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";

export interface ListItem {
  key: string;
  title: string;
  /** Shown under the title: a URI, a template, the display name. */
  subtitle?: string;
  description?: string;
  badges?: ReactNode;
}

interface ItemListProps {
  /** What the items are, e.g. "tools": names the search field and the list. */
  noun: string;
  items: ListItem[];
  selected: string | null;
  onSelect: (key: string) => void;
  className?: string;
}

function matches(item: ListItem, query: string): boolean {
  return [item.title, item.subtitle, item.description].some((f) => f?.toLowerCase().includes(query));
}

/** A searchable list of one kind of item; choosing one opens it in the panel beside. */
export function ItemList({ noun, items, selected, onSelect, className }: ItemListProps) {
  const [query, setQuery] = useState("");
  const searchId = useId();
  const q = query.trim().toLowerCase();
  const shown = q ? items.filter((item) => matches(item, q)) : items;

  return (
    <div className={cn("flex min-w-0 flex-col gap-2", className)}>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground" />
        <label htmlFor={searchId} className="sr-only">
          Search {noun}
        </label>
        <Input id={searchId} type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder={`Search ${noun}`} className="pl-8" />
      </div>
      {shown.length === 0 ? (
        <p className="px-1 py-4 text-sm text-muted-foreground">{items.length === 0 ? `This server offers no ${noun}.` : `No ${noun} match “${query.trim()}”.`}</p>
      ) : (
        <ul aria-label={noun[0].toUpperCase() + noun.slice(1)} className="flex max-h-[36rem] flex-col gap-1 overflow-y-auto pr-1">
          {shown.map((item) => {
            const active = item.key === selected;
            return (
              <li key={item.key}>
                <button
                  type="button"
                  aria-current={active ? "true" : undefined}
                  onClick={() => onSelect(item.key)}
                  className={cn(
                    "flex w-full flex-col items-start gap-1 rounded-md border px-3 py-2 text-left text-sm outline-hidden transition-colors",
                    "hover:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring",
                    active ? "border-primary bg-primary/5" : "border-transparent",
                  )}
                >
                  <span className="font-mono text-sm font-medium wrap-anywhere">{item.title}</span>
                  {item.subtitle ? <span className="text-xs wrap-anywhere text-muted-foreground">{item.subtitle}</span> : null}
                  {item.badges}
                  {item.description ? <span className="line-clamp-2 text-xs text-muted-foreground">{item.description}</span> : null}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
