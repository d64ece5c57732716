"use client";

import { useState } from "react";
import { Plus, Trash2 } from "lucide-react";

import { Button } from "@/components/ui/button";
import { classify, type Field } from "@/lib/workbench/schema-form/classify";
import { initialValue } from "@/lib/workbench/schema-form/defaults";
import { constraintHint } from "@/lib/workbench/schema-form/hints";
import { childPointer } from "@/lib/workbench/schema-form/pointer";

import type { FieldProps } from "./field-props";
import { fieldId, messagesAt, useFormContext } from "./form-context";
import { Group } from "./group";
import { SchemaField } from "./schema-field";

type Props = FieldProps & { field: Extract<Field, { kind: "array" }> };

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);

/**
 * Keys that follow rows through removals, so a row's typed-but-unparsed text
 * stays with that row. Rows added from elsewhere (raw JSON) get fresh keys.
 */
function useRowKeys(length: number) {
  const [rows, setRows] = useState(() => ({ keys: range(0, length), next: length }));
  let current = rows;
  if (rows.keys.length !== length) {
    current =
      rows.keys.length > length
        ? { keys: rows.keys.slice(0, length), next: rows.next }
        : { keys: [...rows.keys, ...range(rows.next, rows.next + length - rows.keys.length)], next: rows.next + length - rows.keys.length };
    setRows(current);
  }
  return {
    keys: current.keys,
    remove: (index: number) => setRows((r) => ({ ...r, keys: r.keys.filter((_, i) => i !== index) })),
  };
}

export function ArrayField({ field, value, onChange, pointer, label, required, description, labelAddon }: Props) {
  const { root, idPrefix, issues } = useFormContext();
  const id = fieldId(idPrefix, pointer);
  const items = Array.isArray(value) ? value : [];
  const rows = useRowKeys(items.length);
  const { maxItems } = field.schema;
  const full = maxItems !== undefined && items.length >= maxItems;
  // An emptied row stays a row: "" for text, null (reported) for numbers and choices; a JSON
  // editor keeps its empty text (as null it would show "null" under the cursor).
  const itemKind = classify(field.items, root).kind;
  const emptyItem = itemKind === "string" ? "" : itemKind === "json" ? undefined : null;

  const commit = (next: unknown[]) => onChange(next.length === 0 && !required ? undefined : next);

  return (
    <Group
      id={id}
      label={label}
      required={required}
      help={[description, constraintHint(field.schema, "array")]}
      errors={messagesAt(issues, pointer)}
      addon={labelAddon}
    >
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">No items.</p>
      ) : (
        <ol className="grid gap-3">
          {items.map((item, index) => {
            const itemLabel = `${label} item ${index + 1}`;
            return (
              <li key={rows.keys[index]} className="flex items-start gap-2">
                <div className="min-w-0 flex-1">
                  <SchemaField
                    schema={field.items}
                    value={item}
                    onChange={(next) => commit(items.map((old, i) => (i === index ? (next === undefined ? emptyItem : next) : old)))}
                    pointer={childPointer(pointer, index)}
                    label={itemLabel}
                    required
                  />
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="mt-5 shrink-0"
                  aria-label={`Remove ${itemLabel}`}
                  onClick={() => {
                    rows.remove(index);
                    commit(items.filter((_, i) => i !== index));
                  }}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ol>
      )}
      <div className="flex items-center gap-3">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={full}
          onClick={() => commit([...items, initialValue(field.items, root)])}
        >
          <Plus aria-hidden="true" />
          Add item<span className="sr-only"> to {label}</span>
        </Button>
        {full ? <span className="text-xs text-muted-foreground">At most {maxItems} items</span> : null}
      </div>
    </Group>
  );
}
