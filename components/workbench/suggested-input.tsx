"use client";

import { useId, type ComponentProps } from "react";
import { Input } from "@/components/ui/input";
import type { CompleteRequest } from "@/lib/workbench/schema";
import { useCompletion } from "@/lib/workbench/use-completion";

interface SuggestedInputProps extends ComponentProps<typeof Input> {
  /** The server to ask for suggestions, or null when it offers none. */
  serverId: string | null;
  /** The prompt or resource template the argument belongs to. */
  completing: CompleteRequest["ref"];
  argument: string;
  /** Every argument filled in so far: this one's value, and the others that may narrow its suggestions. */
  values: Record<string, string>;
}

/**
 * A prompt argument's or template variable's field, offering the server's
 * suggestions (MCP `completion/complete`) through the browser's own list: a
 * native combobox.
 */
export function SuggestedInput({ serverId, completing, argument, values, ...props }: SuggestedInputProps) {
  const listId = useId();
  const suggestions = useCompletion({
    serverId: serverId ?? "",
    enabled: serverId !== null,
    ref: completing,
    argument,
    value: values[argument] ?? "",
    context: Object.fromEntries(Object.entries(values).filter(([name, v]) => name !== argument && v !== "")),
  });
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
