"use client";

import { Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { describedBy, FieldMessages } from "@/components/ui/field";
import { MAX_HEADERS } from "@/lib/servers/schema";
import { HeaderRow } from "./header-row";
import type { FieldErrors } from "@/components/app/save-error";
import { mustReenter, newHeaderRow, type HeaderRow as Row } from "./server-form-model";
import { useSecretRows } from "./use-secret-rows";

const COMMON_HEADERS = ["Authorization", "X-API-Key", "X-Api-Token", "Proxy-Authorization"];

/**
 * The request headers sent to the MCP server (usually credentials): a row
 * each, added and removed here; which values are shown is this list's state.
 */
export function HeaderRows({
  idPrefix,
  rows,
  url,
  errors,
  disabled,
  onChange,
}: {
  idPrefix: string;
  rows: Row[];
  /** The URL in the form: stored values saved for another origin must be typed again. */
  url: string;
  errors: FieldErrors;
  disabled?: boolean;
  onChange: (rows: Row[]) => void;
}) {
  const list = useSecretRows({ idPrefix, rows, onChange, newRow: newHeaderRow });
  const listId = `${idPrefix}-names`;
  const hint = (
    <>
      Sent with every request to the server, e.g. <code className="font-mono">Authorization: Bearer …</code>. Values are encrypted at rest and never
      shown again in full.
    </>
  );

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={describedBy(idPrefix, hint, errors.headers)}>
      <legend className="mb-2 text-sm font-medium">Headers</legend>
      <FieldMessages id={idPrefix} hint={hint} />
      <datalist id={listId}>
        {COMMON_HEADERS.map((h) => (
          <option key={h} value={h} />
        ))}
      </datalist>
      {rows.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {rows.map((row, i) => (
            <HeaderRow
              key={row.key}
              idPrefix={idPrefix}
              row={row}
              reenter={mustReenter(row, url)}
              index={i}
              listId={listId}
              errors={{ name: errors[`headers.${i}.name`], value: errors[`headers.${i}.value`] }}
              shown={list.isShown(row.key)}
              disabled={disabled}
              onChange={(patch) => onChange(rows.map((r) => (r.key === row.key ? { ...r, ...patch } : r)))}
              onToggleShown={() => list.toggle(row.key)}
              onRemove={() => list.remove(row.key, i)}
            />
          ))}
        </ul>
      ) : null}
      <FieldMessages id={idPrefix} error={errors.headers} />
      <div>
        <Button id={`${idPrefix}-add`} type="button" variant="outline" size="sm" disabled={disabled || rows.length >= MAX_HEADERS} onClick={list.add}>
          <Plus aria-hidden="true" />
          Add header
        </Button>
        {rows.length >= MAX_HEADERS ? <span className="ml-3 text-xs text-muted-foreground">At most {MAX_HEADERS} headers.</span> : null}
      </div>
    </fieldset>
  );
}
