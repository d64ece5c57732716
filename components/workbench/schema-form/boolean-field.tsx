"use client";

import { Switch } from "@/components/ui/switch";

import type { FieldProps } from "./field-props";
import { GeneratedField } from "./generated-field";

export function BooleanField(props: FieldProps) {
  const { value, onChange } = props;
  return (
    // A switch cannot show "not set"; say so, since the server then applies its own default.
    <GeneratedField of={props} help={[props.description, value === undefined ? "Not set" : undefined]} inline>
      {(control) => <Switch {...control} checked={value === true} onCheckedChange={(checked) => onChange(checked)} />}
    </GeneratedField>
  );
}
