"use client";

import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { nativeSelectClass } from "@/components/app/native-select";
import type { Field } from "@/lib/workbench/schema-form/classify";
import { constraintHint } from "@/lib/workbench/schema-form/hints";
import { cloneJson, jsonEqual, jsonLabel } from "@/lib/workbench/schema-form/json";
import { toggleChoice } from "@/lib/workbench/schema-form/choices";

import type { FieldProps } from "./field-props";
import { fieldId, messagesAt, useFormContext } from "./form-context";
import { GeneratedField } from "./generated-field";
import { Group } from "./group";

export function EnumField(props: FieldProps & { field: Extract<Field, { kind: "enum" }> }) {
  const { field, value, onChange, required } = props;
  const selected = field.options.findIndex((option) => jsonEqual(option, value));
  const showEmpty = !required || selected < 0;
  return (
    <GeneratedField of={props} help={[props.description]}>
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
              {field.labels[i]}
            </option>
          ))}
        </select>
      )}
    </GeneratedField>
  );
}

export function ConstField(props: FieldProps & { field: Extract<Field, { kind: "const" }> }) {
  const { field, value, onChange, required } = props;
  const fixed = jsonLabel(field.value);
  if (required) {
    return (
      <GeneratedField of={props} help={[props.description, "Fixed value"]}>
        {(control) => <Input {...control} readOnly value={fixed} className="font-mono" />}
      </GeneratedField>
    );
  }
  // Optional: the only choice is whether to send the fixed value at all.
  return (
    <GeneratedField of={props} help={[props.description, `Sends the fixed value ${fixed} when checked`]} inline>
      {(control) => (
        <Checkbox
          {...control}
          checked={jsonEqual(value, field.value)}
          onCheckedChange={(checked) => onChange(checked === true ? cloneJson(field.value) : undefined)}
        />
      )}
    </GeneratedField>
  );
}

export function NullField(props: FieldProps) {
  return (
    <GeneratedField of={props} help={[props.description]}>
      {(control) => <Input {...control} readOnly value="null" className="font-mono" />}
    </GeneratedField>
  );
}

/** A list of choices from a fixed set: one checkbox per option, labelled by its title; the values are sent in the options' order. */
export function ChoicesField(props: FieldProps & { field: Extract<Field, { kind: "choices" }> }) {
  const { field, value, onChange, pointer, label, required, description, labelAddon } = props;
  const { idPrefix, issues } = useFormContext();
  const id = fieldId(idPrefix, pointer);
  const chosen = Array.isArray(value) ? value : [];
  const { maxItems } = field.schema;
  const full = maxItems !== undefined && chosen.length >= maxItems;
  return (
    <Group
      id={id}
      label={label}
      required={required}
      help={[description, constraintHint(field.schema, "array")]}
      errors={messagesAt(issues, pointer)}
      addon={labelAddon}
    >
      <ul className="grid gap-2 sm:grid-cols-2">
        {field.options.map((option, i) => {
          const checked = chosen.some((c) => jsonEqual(c, option));
          const optionId = `${id}-option-${i}`;
          return (
            <li key={i} className="flex items-center gap-2">
              <Checkbox
                id={optionId}
                checked={checked}
                // At the most the list may hold, the rest wait until one is unchecked.
                disabled={full && !checked}
                onCheckedChange={(next) => {
                  const list = toggleChoice(field.options, chosen, option, next === true);
                  onChange(list.length === 0 && !required ? undefined : list);
                }}
              />
              <Label htmlFor={optionId} className="font-normal">
                {field.labels[i]}
              </Label>
            </li>
          );
        })}
      </ul>
    </Group>
  );
}
