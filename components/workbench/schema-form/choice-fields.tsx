"use client";

import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { nativeSelectClass } from "@/components/app/native-select";
import type { Field } from "@/lib/workbench/schema-form/classify";
import { cloneJson, jsonEqual, jsonLabel } from "@/lib/workbench/schema-form/json";

import type { FieldProps } from "./field-props";
import { GeneratedField } from "./generated-field";

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
              {jsonLabel(option)}
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
