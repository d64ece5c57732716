"use client";

import type { ComponentProps, ReactNode } from "react";
import type { ControlProps } from "@/components/ui/field";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

export interface Option {
  value: string;
  label: ReactNode;
  disabled?: boolean;
}

/** Stands for "no value": a Radix select item cannot have an empty one. */
const ANY = "\u0000any";

/**
 * One value out of a list (a filter, a status, a plan, one of the user's
 * servers). `any` names a first choice that stands for no value ("All
 * roles"): choosing it gives "".
 */
export function OptionSelect({
  control,
  value,
  onChange,
  options,
  any,
  placeholder,
  disabled,
  className,
  ...trigger
}: {
  /** From the Field that labels it; a select labelled otherwise takes an id and aria attributes instead. */
  control?: ControlProps;
  value: string;
  onChange: (value: string) => void;
  options: readonly Option[];
  any?: string;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
} & Pick<ComponentProps<typeof SelectTrigger>, "id" | "aria-label" | "aria-labelledby">) {
  const anyChosen = any !== undefined && value === "";
  // Radix writes the chosen item's label into the trigger only once its scripts run; given here, it is in the page's HTML too.
  const chosen = anyChosen ? any : options.find((o) => o.value === value)?.label;
  return (
    <Select value={anyChosen ? ANY : value} onValueChange={(v) => onChange(v === ANY ? "" : v)} disabled={disabled}>
      <SelectTrigger {...control} {...trigger} className={className}>
        <SelectValue placeholder={placeholder}>{chosen}</SelectValue>
      </SelectTrigger>
      <SelectContent>
        {any !== undefined ? <SelectItem value={ANY}>{any}</SelectItem> : null}
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** Options of a list of ids, each labelled by `label`. */
export function optionsOf<T extends string>(values: readonly T[], label: (value: T) => ReactNode): Option[] {
  return values.map((value) => ({ value, label: label(value) }));
}
