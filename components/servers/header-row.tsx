"use client";

import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { originOf } from "@/lib/servers/secret-origin";
import { RemoveRowButton, SecretValueInput } from "./secret-row-parts";
import type { HeaderRow as Row } from "./server-form-model";

/**
 * One request header: its name (from a list of common ones), its value
 * (masked unless shown; a stored header shows only its masked value, and a
 * blank value keeps it, unless the URL moved to another origin: then the
 * value must be typed again) and its removal.
 */
export function HeaderRow({
  idPrefix,
  row,
  reenter,
  index,
  listId,
  errors,
  shown,
  disabled,
  onChange,
  onToggleShown,
  onRemove,
}: {
  idPrefix: string;
  row: Row;
  /** A stored value that will not be sent to the form's URL (another origin): it must be entered again. */
  reenter: boolean;
  index: number;
  /** The datalist of common header names. */
  listId: string;
  errors: { name?: string; value?: string };
  shown: boolean;
  disabled?: boolean;
  onChange: (patch: Partial<Row>) => void;
  onToggleShown: () => void;
  onRemove: () => void;
}) {
  const label = row.name.trim() || `header ${index + 1}`;
  return (
    <li className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto] sm:items-start sm:border-0 sm:p-0">
      <Field id={`${idPrefix}-${row.key}-name`} label={`Name of header ${index + 1}`} error={errors.name} density="compact">
        {(control) => (
          <Input
            {...control}
            value={row.name}
            list={listId}
            readOnly={row.stored}
            disabled={disabled}
            autoComplete="off"
            spellCheck={false}
            placeholder="Authorization"
            className="font-mono"
            onChange={(e) => onChange({ name: e.target.value })}
          />
        )}
      </Field>
      <Field
        id={`${idPrefix}-${row.key}-value`}
        label={row.stored && !reenter ? `New value of ${label}` : `Value of ${label}`}
        hint={
          reenter ? (
            <>
              The stored value <code className="font-mono">{row.masked}</code> is only sent to {originOf(row.storedFor ?? "") ?? "the saved address"}. Enter
              it again to send it to the new address.
            </>
          ) : row.stored ? (
            <>
              Stored value <code className="font-mono">{row.masked}</code>. Type a new value to rotate it.
            </>
          ) : undefined
        }
        error={errors.value}
        density="compact"
      >
        {(control) => (
          <SecretValueInput
            control={control}
            label={label}
            value={row.value}
            shown={shown}
            disabled={disabled}
            placeholder={row.stored && !reenter ? "Leave blank to keep" : "Bearer …"}
            onChange={(value) => onChange({ value })}
            onToggleShown={onToggleShown}
          />
        )}
      </Field>
      <RemoveRowButton label={label} disabled={disabled} onRemove={onRemove} />
    </li>
  );
}
