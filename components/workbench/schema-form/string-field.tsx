"use client";

import { Input } from "@/components/ui/input";
import type { Field } from "@/lib/workbench/schema-form/classify";
import { dateTimeToLocalInput, formatProblem, inputTypeForFormat, localInputToDateTime } from "@/lib/workbench/schema-form/formats";
import { constraintHint } from "@/lib/workbench/schema-form/hints";

import type { FieldProps } from "./field-props";
import { GeneratedField } from "./generated-field";

type Props = FieldProps & { field: Extract<Field, { kind: "string" }> };

function asText(value: unknown): string {
  if (value === undefined || value === null) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
}

export function StringField(props: Props) {
  const { field, value, onChange, description } = props;
  const text = asText(value);
  const { format } = field.schema;
  const isDateTime = format === "date-time";
  const localDateTime = isDateTime ? (text === "" ? "" : dateTimeToLocalInput(text)) : undefined;
  // A date picker empties a value it cannot show (no zone, odd syntax): such a value is edited as text instead.
  const usePicker =
    isDateTime ? localDateTime !== undefined
    : format === "date" ? text === "" || formatProblem("date", text) === undefined
    : true;
  const type = usePicker ? inputTypeForFormat(format) : "text";

  const help = [
    description,
    constraintHint(field.schema, "string"),
    isDateTime && usePicker ? "Your local time; sent in UTC" : undefined,
  ];

  return (
    <GeneratedField of={props} help={help}>
      {(control) => (
        <Input
          {...control}
          type={type}
          value={isDateTime && usePicker ? localDateTime : text}
          step={type === "datetime-local" ? 1 : undefined}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => {
            const next = e.target.value;
            if (next === "") onChange(undefined);
            else if (isDateTime && usePicker) onChange(localInputToDateTime(next) ?? next);
            else onChange(next);
          }}
        />
      )}
    </GeneratedField>
  );
}
