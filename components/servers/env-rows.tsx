"use client";

import { Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { describedBy, Field, FieldMessages } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { MAX_ENV } from "@/lib/servers/stdio-schema";
import { RemoveRowButton, SecretValueInput } from "./secret-row-parts";
import { newEnvRow, type EnvRow } from "./stdio-form-model";
import { useSecretRows } from "./use-secret-rows";

/**
 * A stdio server's environment variables: a row each (name, and a value masked unless shown),
 * added and removed here. Values are secrets: sent once with the save, never shown again. A
 * saved variable shows only that it is set: a blank value keeps it, a typed one replaces it.
 */
export function EnvRows({
  idPrefix,
  rows,
  errors,
  listError,
  disabled,
  onChange,
}: {
  idPrefix: string;
  rows: EnvRow[];
  errors: { name?: string; value?: string }[];
  /** An error about the whole list (too many). */
  listError?: string;
  disabled?: boolean;
  onChange: (rows: EnvRow[]) => void;
}) {
  const list = useSecretRows({ idPrefix, rows, onChange, newRow: newEnvRow });
  const hint = "Given to the server alone, e.g. an API key it needs. Values are encrypted at rest and never shown again.";

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={describedBy(idPrefix, hint, listError)}>
      <legend className="mb-2 text-sm font-medium">Environment variables</legend>
      <FieldMessages id={idPrefix} hint={hint} />
      {rows.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {rows.map((row, i) => {
            const label = row.name.trim() || `variable ${i + 1}`;
            const shown = list.isShown(row.key);
            return (
              <li key={row.key} className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto] sm:items-start sm:border-0 sm:p-0">
                <Field id={`${idPrefix}-${row.key}-name`} label={`Name of variable ${i + 1}`} error={errors[i]?.name} density="compact">
                  {(control) => (
                    <Input
                      {...control}
                      value={row.name}
                      readOnly={row.stored}
                      disabled={disabled}
                      autoComplete="off"
                      spellCheck={false}
                      placeholder="API_KEY"
                      className={row.stored ? "bg-muted font-mono" : "font-mono"}
                      onChange={(e) => onChange(rows.map((r) => (r.key === row.key ? { ...r, name: e.target.value } : r)))}
                    />
                  )}
                </Field>
                <Field
                  id={`${idPrefix}-${row.key}-value`}
                  label={row.stored ? `New value of ${label}` : `Value of ${label}`}
                  hint={row.stored ? "Set. Its value is never shown: type a new one to replace it." : undefined}
                  error={errors[i]?.value}
                  density="compact"
                >
                  {(control) => (
                    <SecretValueInput
                      control={control}
                      label={label}
                      value={row.value}
                      shown={shown}
                      disabled={disabled}
                      placeholder={row.stored ? "Leave blank to keep" : undefined}
                      onChange={(value) => onChange(rows.map((r) => (r.key === row.key ? { ...r, value } : r)))}
                      onToggleShown={() => list.toggle(row.key)}
                    />
                  )}
                </Field>
                <RemoveRowButton label={label} disabled={disabled} onRemove={() => list.remove(row.key, i)} />
              </li>
            );
          })}
        </ul>
      ) : null}
      <FieldMessages id={idPrefix} error={listError} />
      <div>
        <Button id={`${idPrefix}-add`} type="button" variant="outline" size="sm" disabled={disabled || rows.length >= MAX_ENV} onClick={list.add}>
          <Plus aria-hidden="true" />
          Add variable
        </Button>
        {rows.length >= MAX_ENV ? <span className="ml-3 text-xs text-muted-foreground">At most {MAX_ENV} variables.</span> : null}
      </div>
    </fieldset>
  );
}
