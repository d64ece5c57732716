"use client";

import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import type { Field } from "@/lib/workbench/schema-form/classify";
import { cloneJson, jsonEqual, jsonLabel } from "@/lib/workbench/schema-form/json";
import { cn } from "@/lib/utils";

import type { FieldProps } from "./field-props";
import { FieldShell } from "./field-shell";
import { fieldId, messagesAt, useFormContext } from "./form-context";

/** Styled like `Input`. A native select: it takes any JSON value by index, and every browser and screen reader knows it. */
export const nativeSelectClass = cn(
  "flex h-9 w-full min-w-0 rounded-md border border-input bg-background px-3 py-1 text-sm shadow-sm",
  "transition-colors outline-hidden",
  "focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
  "disabled:cursor-not-allowed disabled:opacity-50",
  "aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive",
);

export function EnumField({
  field,
  value,
  onChange,
  pointer,
  label,
  required,
  description,
  labelAddon,
}: FieldProps & { field: Extract<Field, { kind: "enum" }> }) {
  const { idPrefix, issues } = useFormContext();
  const id = fieldId(idPrefix, pointer);
  const selected = field.options.findIndex((option) => jsonEqual(option, value));
  const showEmpty = !required || selected < 0;
  return (
    <FieldShell
      id={id}
      label={label}
      required={required}
      help={[description]}
      errors={messagesAt(issues, pointer)}
      addon={labelAddon}
    >
      {(control) => (
        <select
          {...control}
          className={nativeSelectClass}
          value={selected < 0 ? "" : String(selected)}
          onChange={(e) => onChange(e.target.value === "" ? undefined : cloneJson(field.options[Number(e.target.value)]))}
        >
          {showEmpty ? <option value="">{required ? "Choose…" : "Not set"}</option> : null}
          {field.options.map((option, i) => (
            <option key={i} value={String(i)}>
              {jsonLabel(option)}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

export function ConstField({
  field,
  value,
  onChange,
  pointer,
  label,
  required,
  description,
  labelAddon,
}: FieldProps & { field: Extract<Field, { kind: "const" }> }) {
  const { idPrefix, issues } = useFormContext();
  const id = fieldId(idPrefix, pointer);
  const fixed = jsonLabel(field.value);
  if (required) {
    return (
      <FieldShell
        id={id}
        label={label}
        required
        help={[description, "Fixed value"]}
        errors={messagesAt(issues, pointer)}
        addon={labelAddon}
      >
        {(control) => <Input {...control} readOnly value={fixed} className="font-mono" />}
      </FieldShell>
    );
  }
  // Optional: the only choice is whether to send the fixed value at all.
  return (
    <FieldShell
      id={id}
      label={label}
      required={false}
      help={[description, `Sends the fixed value ${fixed} when checked`]}
      errors={messagesAt(issues, pointer)}
      addon={labelAddon}
      inline
    >
      {(control) => (
        <Checkbox
          {...control}
          checked={jsonEqual(value, field.value)}
          onCheckedChange={(checked) => onChange(checked === true ? cloneJson(field.value) : undefined)}
        />
      )}
    </FieldShell>
  );
}

export function NullField({ pointer, label, required, description, labelAddon }: FieldProps) {
  const { idPrefix, issues } = useFormContext();
  const id = fieldId(idPrefix, pointer);
  return (
    <FieldShell
      id={id}
      label={label}
      required={required}
      help={[description]}
      errors={messagesAt(issues, pointer)}
      addon={labelAddon}
    >
      {(control) => <Input {...control} readOnly value="null" className="font-mono" />}
    </FieldShell>
  );
}
