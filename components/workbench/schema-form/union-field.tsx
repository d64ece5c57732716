"use client";

import { useState } from "react";

import { branchFor, type Field } from "@/lib/workbench/schema-form/classify";
import { initialValue } from "@/lib/workbench/schema-form/defaults";
import { cn } from "@/lib/utils";

import { nativeSelectClass } from "@/components/app/native-select";
import type { FieldProps } from "./field-props";
import { fieldId, useFormContext } from "./form-context";
import { SchemaField } from "./schema-field";

type Props = FieldProps & { field: Extract<Field, { kind: "union" }> };

/** `oneOf`/`anyOf` (or `type: [...]`) whose branches differ by JSON type: pick the type, then edit it. */
export function UnionField({ field, ...props }: Props) {
  const { value, onChange, pointer, label, description } = props;
  const { root, idPrefix } = useFormContext();
  const pickerId = `${fieldId(idPrefix, pointer)}-type`;
  const { branches } = field;
  const [picked, setPicked] = useState(() => Math.max(0, branchFor(branches, field.schema.default)));
  const matched = value === undefined ? -1 : branchFor(branches, value);
  const active = matched >= 0 ? matched : picked;
  const branch = branches[active];

  const picker = (
    <select
      id={pickerId}
      aria-label={`${label} type`}
      className={cn(nativeSelectClass, "h-7 w-auto shrink-0 py-0 pr-7 text-xs")}
      value={String(active)}
      onChange={(e) => {
        const index = Number(e.target.value);
        setPicked(index);
        const kind = branches[index].type;
        // Text and numbers start empty ("not set"); other types have no empty state to show.
        onChange(kind === "string" || kind === "number" ? undefined : initialValue(branches[index].schema, root));
      }}
    >
      {branches.map((b, i) => (
        <option key={i} value={String(i)}>
          {b.label}
        </option>
      ))}
    </select>
  );

  return (
    <SchemaField {...props} schema={branch.schema} description={description ?? branch.schema.description} labelAddon={picker} />
  );
}
