"use client";

import { X } from "lucide-react";
import { useState, type KeyboardEvent } from "react";
import type { ControlProps } from "@/components/ui/field";
import { MAX_TAGS } from "@/lib/servers/schema";
import { cn } from "@/lib/utils";
import { addTags } from "./server-form-model";

/** Tags as removable chips; Enter or a comma adds the typed text, Backspace on empty removes the last. */
export function TagInput({
  control,
  tags,
  disabled,
  onChange,
}: {
  control: ControlProps;
  tags: string[];
  disabled?: boolean;
  onChange: (tags: string[]) => void;
}) {
  const [draft, setDraft] = useState("");
  const full = tags.length >= MAX_TAGS;

  function commit() {
    if (!draft.trim()) return;
    onChange(addTags(tags, draft));
    setDraft("");
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === "Enter" || e.key === ",") {
      e.preventDefault();
      commit();
    } else if (e.key === "Backspace" && draft === "" && tags.length > 0) {
      onChange(tags.slice(0, -1));
    }
  }

  return (
    <div
      className={cn(
        "flex min-h-9 w-full flex-wrap items-center gap-1.5 rounded-md border border-input bg-background px-2 py-1.5 shadow-sm",
        "focus-within:ring-2 focus-within:ring-ring focus-within:ring-offset-2 focus-within:ring-offset-background",
        control["aria-invalid"] && "border-destructive",
      )}
    >
      {tags.length > 0 ? (
        <ul className="contents" aria-label="Tags">
          {tags.map((tag) => (
            <li key={tag} className="inline-flex items-center gap-1 rounded-md bg-secondary py-0.5 pr-0.5 pl-2 text-xs font-medium text-secondary-foreground">
              {tag}
              <button
                type="button"
                disabled={disabled}
                aria-label={`Remove tag ${tag}`}
                className="inline-flex size-5 items-center justify-center rounded-sm hover:bg-background/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
                onClick={() => onChange(tags.filter((t) => t !== tag))}
              >
                <X aria-hidden="true" className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        {...control}
        value={draft}
        disabled={disabled || full}
        placeholder={full ? `At most ${MAX_TAGS} tags` : tags.length ? "Add another…" : "production, team-a…"}
        autoComplete="off"
        className="min-w-24 flex-1 bg-transparent px-1 text-sm outline-hidden placeholder:text-muted-foreground"
        onChange={(e) => {
          // A pasted list is split at once; a typed comma is caught in onKeyDown.
          if (e.target.value.includes(",")) {
            onChange(addTags(tags, e.target.value));
            setDraft("");
          } else {
            setDraft(e.target.value);
          }
        }}
        onKeyDown={onKeyDown}
        onBlur={commit}
      />
    </div>
  );
}
