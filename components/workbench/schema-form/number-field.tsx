"use client";

import { useEffect, useState } from "react";

import { Input } from "@/components/ui/input";
import type { Field } from "@/lib/workbench/schema-form/classify";
import { constraintHint } from "@/lib/workbench/schema-form/hints";

import type { FieldProps } from "./field-props";
import { GeneratedField } from "./generated-field";
import { fieldId, messagesAt, useFormContext } from "./form-context";

type Props = FieldProps & { field: Extract<Field, { kind: "number" }> };

function parse(text: string): number | undefined {
  if (text.trim() === "") return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

export function NumberField(props: Props) {
  const { field, value, onChange, pointer, description } = props;
  const { idPrefix, issues, reportDraft } = useFormContext();
  const id = fieldId(idPrefix, pointer);
  const s = field.schema;
  // What was typed ("1.", "-0") is kept while it still means the current value.
  const [draft, setDraft] = useState(typeof value === "number" ? String(value) : "");
  const [unreadable, setUnreadable] = useState(false);
  const shown = parse(draft) === value || (draft === "" && value === undefined) ? draft : typeof value === "number" ? String(value) : "";

  useEffect(() => {
    reportDraft(id, unreadable);
    return () => reportDraft(id, false);
  }, [id, unreadable, reportDraft]);

  const errors = unreadable ? ["Enter a number", ...messagesAt(issues, pointer)] : messagesAt(issues, pointer);
  const lower = typeof s.exclusiveMinimum === "number" ? s.exclusiveMinimum : s.minimum;
  const upper = typeof s.exclusiveMaximum === "number" ? s.exclusiveMaximum : s.maximum;

  return (
    <GeneratedField of={props} help={[description, constraintHint(s, "number"), field.integer ? "Whole number" : undefined]} errors={errors}>
      {(control) => (
        <Input
          {...control}
          type="number"
          inputMode={field.integer ? "numeric" : "decimal"}
          min={lower}
          max={upper}
          step={s.multipleOf ?? (field.integer ? 1 : "any")}
          value={shown}
          onChange={(e) => {
            const text = e.target.value;
            setDraft(text);
            // The browser reports "" for text it cannot read as a number ("1e", "--").
            setUnreadable(text === "" && e.target.validity.badInput);
            onChange(parse(text));
          }}
        />
      )}
    </GeneratedField>
  );
}
