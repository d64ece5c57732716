"use client";

import { Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { describedBy, FieldMessages } from "@/components/ui/field";
import { MAX_HEADERS } from "@/lib/servers/schema";
import { HeaderRow } from "./header-row";
import type { FieldErrors } from "@/components/app/save-error";
import { mustReenter, newHeaderRow, type HeaderRow as Row } from "./server-form-model";

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
  const [visible, setVisible] = useState<Set<string>>(() => new Set());
  const listId = `${idPrefix}-names`;
  const hint = (
    <>
      Sent with every request to the server, e.g. <code className="font-mono">Authorization: Bearer …</code>. Values are encrypted at rest and never
      shown again in full.
    </>
  );

  function toggle(key: string) {
    setVisible((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }

  function add() {
    const row = newHeaderRow();
    onChange([...rows, row]);
    // Focus the new row's name once it exists.
    requestAnimationFrame(() => document.getElementById(`${idPrefix}-${row.key}-name`)?.focus());
  }

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
              shown={visible.has(row.key)}
              disabled={disabled}
              onChange={(patch) => onChange(rows.map((r) => (r.key === row.key ? { ...r, ...patch } : r)))}
              onToggleShown={() => toggle(row.key)}
              onRemove={() => onChange(rows.filter((r) => r.key !== row.key))}
            />
          ))}
        </ul>
      ) : null}
      <FieldMessages id={idPrefix} error={errors.headers} />
      <div>
        <Button type="button" variant="outline" size="sm" disabled={disabled || rows.length >= MAX_HEADERS} onClick={add}>
          <Plus aria-hidden="true" />
          Add header
        </Button>
        {rows.length >= MAX_HEADERS ? <span className="ml-3 text-xs text-muted-foreground">At most {MAX_HEADERS} headers.</span> : null}
      </div>
    </fieldset>
  );
}
