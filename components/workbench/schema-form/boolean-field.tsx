"use client";

import { Switch } from "@/components/ui/switch";

import type { FieldProps } from "./field-props";
import { FieldShell } from "./field-shell";
import { fieldId, messagesAt, useFormContext } from "./form-context";

export function BooleanField({ value, onChange, pointer, label, required, description, labelAddon }: FieldProps) {
  const { idPrefix, issues } = useFormContext();
  const id = fieldId(idPrefix, pointer);
  return (
    <FieldShell
      id={id}
      label={label}
      required={required}
      // A switch cannot show "not set"; say so, since the server then applies its own default.
      help={[description, value === undefined ? "Not set" : undefined]}
      errors={messagesAt(issues, pointer)}
      addon={labelAddon}
      inline
    >
      {(control) => <Switch {...control} checked={value === true} onCheckedChange={(checked) => onChange(checked)} />}
    </FieldShell>
  );
}
