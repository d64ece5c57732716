"use client";

import { FieldMessages } from "@/components/ui/field";
import type { Field } from "@/lib/workbench/schema-form/classify";
import { childPointer } from "@/lib/workbench/schema-form/pointer";
import { resolveSchema } from "@/lib/workbench/schema-form/resolve";

import type { FieldProps } from "./field-props";
import { fieldId, messagesAt, useFormContext } from "./form-context";
import { errorLine } from "./generated-field";
import { Group } from "./group";
import { SchemaField } from "./schema-field";
import { isRecord } from "@/lib/guards";

type Props = FieldProps & { field: Extract<Field, { kind: "object" }> };

export function ObjectField({ field, value, onChange, pointer, label, required, description, labelAddon }: Props) {
  const { root, idPrefix, issues } = useFormContext();
  const id = fieldId(idPrefix, pointer);
  const current = isRecord(value) ? value : {};
  const requiredKeys = new Set(field.schema.required ?? []);
  const properties = Object.entries(field.schema.properties ?? {});
  const isRoot = pointer === "";

  const setKey = (key: string, next: unknown) => {
    const updated = { ...current };
    if (next === undefined) delete updated[key];
    else updated[key] = next;
    // An optional object left empty is not sent at all, rather than sent as {}.
    onChange(!isRoot && !required && Object.keys(updated).length === 0 ? undefined : updated);
  };

  const fields = properties.map(([key, child]) => {
    const resolved = resolveSchema(child, root);
    const title = typeof resolved === "object" ? resolved.title : undefined;
    return (
      <SchemaField
        key={key}
        schema={child}
        value={current[key]}
        onChange={(next) => setKey(key, next)}
        pointer={childPointer(pointer, key)}
        label={title ?? key}
        required={requiredKeys.has(key)}
      />
    );
  });

  if (isRoot) {
    // The form itself is the group: no second border around every argument.
    return (
      <div id={id} tabIndex={-1} className="grid gap-4 outline-hidden">
        <FieldMessages id={id} error={errorLine(messagesAt(issues, pointer))} density="compact" />
        {properties.length === 0 ? <p className="text-sm text-muted-foreground">This tool takes no arguments.</p> : fields}
      </div>
    );
  }

  return (
    <Group
      id={id}
      label={label}
      required={required}
      help={[description]}
      errors={messagesAt(issues, pointer)}
      addon={labelAddon}
    >
      {properties.length === 0 ? <p className="text-sm text-muted-foreground">No properties.</p> : fields}
    </Group>
  );
}
