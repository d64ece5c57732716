"use client";

import { Eye, EyeOff, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { MAX_HEADERS } from "@/lib/servers/schema";
import { newHeaderRow, type FieldErrors, type HeaderRow } from "./server-form-model";

const COMMON_HEADERS = ["Authorization", "X-API-Key", "X-Api-Token", "Proxy-Authorization"];

/**
 * Request headers sent to the MCP server (usually credentials). Values are
 * masked while typed; a stored header shows only its masked value, and
 * leaving its field blank keeps it.
 */
export function HeaderRows({
  idPrefix,
  rows,
  errors,
  disabled,
  onChange,
}: {
  idPrefix: string;
  rows: HeaderRow[];
  errors: FieldErrors;
  disabled?: boolean;
  onChange: (rows: HeaderRow[]) => void;
}) {
  const [visible, setVisible] = useState<Set<string>>(() => new Set());
  const listId = `${idPrefix}-names`;

  function update(key: string, patch: Partial<HeaderRow>) {
    onChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  }

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

  const listError = errors.headers;

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={`${idPrefix}-help${listError ? ` ${idPrefix}-error` : ""}`}>
      <legend className="mb-2 text-sm font-medium">Headers</legend>
      <p id={`${idPrefix}-help`} className="text-xs text-muted-foreground">
        Sent with every request to the server, e.g. <code className="font-mono">Authorization: Bearer …</code>. Values are
        encrypted at rest and never shown again in full.
      </p>
      <datalist id={listId}>
        {COMMON_HEADERS.map((h) => (
          <option key={h} value={h} />
        ))}
      </datalist>
      {rows.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {rows.map((row, i) => {
            const label = row.name.trim() || `header ${i + 1}`;
            const nameId = `${idPrefix}-${row.key}-name`;
            const valueId = `${idPrefix}-${row.key}-value`;
            const nameError = errors[`headers.${i}.name`];
            const valueError = errors[`headers.${i}.value`];
            const valueHintId = `${valueId}-hint`;
            const shown = visible.has(row.key);
            return (
              <li key={row.key} className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto] sm:items-start sm:border-0 sm:p-0">
                <div className="flex flex-col gap-1">
                  <label htmlFor={nameId} className="text-xs font-medium text-muted-foreground">
                    Name of header {i + 1}
                  </label>
                  <Input
                    id={nameId}
                    value={row.name}
                    list={listId}
                    readOnly={row.stored}
                    disabled={disabled}
                    autoComplete="off"
                    spellCheck={false}
                    placeholder="Authorization"
                    className="font-mono"
                    aria-invalid={nameError ? true : undefined}
                    aria-describedby={nameError ? `${nameId}-error` : undefined}
                    onChange={(e) => update(row.key, { name: e.target.value })}
                  />
                  {nameError ? (
                    <p id={`${nameId}-error`} className="text-sm text-destructive">
                      {nameError}
                    </p>
                  ) : null}
                </div>
                <div className="flex flex-col gap-1">
                  <label htmlFor={valueId} className="text-xs font-medium text-muted-foreground">
                    {row.stored ? `New value of ${label}` : `Value of ${label}`}
                  </label>
                  <div className="flex gap-1">
                    <Input
                      id={valueId}
                      type={shown ? "text" : "password"}
                      value={row.value}
                      disabled={disabled}
                      autoComplete="new-password"
                      spellCheck={false}
                      placeholder={row.stored ? "Leave blank to keep" : "Bearer …"}
                      className="font-mono"
                      aria-invalid={valueError ? true : undefined}
                      aria-describedby={[row.stored ? valueHintId : null, valueError ? `${valueId}-error` : null].filter(Boolean).join(" ") || undefined}
                      onChange={(e) => update(row.key, { value: e.target.value })}
                    />
                    <Button
                      type="button"
                      variant="outline"
                      size="icon"
                      disabled={disabled}
                      aria-pressed={shown}
                      aria-label={`${shown ? "Hide" : "Show"} value of ${label}`}
                      onClick={() => toggle(row.key)}
                    >
                      {shown ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
                    </Button>
                  </div>
                  {row.stored ? (
                    <p id={valueHintId} className="text-xs text-muted-foreground">
                      Stored value <code className="font-mono">{row.masked}</code>. Type a new value to rotate it.
                    </p>
                  ) : null}
                  {valueError ? (
                    <p id={`${valueId}-error`} className="text-sm text-destructive">
                      {valueError}
                    </p>
                  ) : null}
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="justify-self-end sm:mt-5"
                  disabled={disabled}
                  aria-label={`Remove ${label}`}
                  onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {listError ? (
        <p id={`${idPrefix}-error`} className="text-sm text-destructive">
          {listError}
        </p>
      ) : null}
      <div>
        <Button type="button" variant="outline" size="sm" disabled={disabled || rows.length >= MAX_HEADERS} onClick={add}>
          <Plus aria-hidden="true" />
          Add header
        </Button>
        {rows.length >= MAX_HEADERS ? (
          <span className="ml-3 text-xs text-muted-foreground">At most {MAX_HEADERS} headers.</span>
        ) : null}
      </div>
    </fieldset>
  );
}
