"use client";

import { useId, type ComponentProps } from "react";
import { Input } from "@/components/ui/input";

/** A text field offering the server's suggestions through the browser's own list (a native combobox). */
export function SuggestedInput({ suggestions, ...props }: ComponentProps<typeof Input> & { suggestions: string[] }) {
  const listId = useId();
  const offered = suggestions.length > 0;
  return (
    <>
      <Input {...props} list={offered ? listId : undefined} autoComplete="off" />
      {offered ? (
        <datalist id={listId}>
          {suggestions.map((value) => (
            <option key={value} value={value} />
          ))}
        </datalist>
      ) : null}
    </>
  );
}
