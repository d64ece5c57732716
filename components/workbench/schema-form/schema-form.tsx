"use client";

import { useCallback, useId, useMemo, useRef, useState, type FormEvent, type ReactNode, type Ref } from "react";
import { flushSync } from "react-dom";

import { Button } from "@/components/ui/button";
import { FieldMessages, RequiredMark } from "@/components/ui/field";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { cn } from "@/lib/utils";
import { marksRequired } from "@/lib/workbench/schema-form/classify";
import type { Issue, JsonSchema } from "@/lib/workbench/schema-form/types";
import { validateArguments } from "@/lib/workbench/schema-form/validate";

import { ErrorSummary } from "./error-summary";
import { FormContext, type FormContextValue } from "./form-context";
import { JsonTextArea } from "./json-text-area";
import { SchemaField } from "./schema-field";

export interface SchemaFormProps {
  /** The tool's `inputSchema` (or any object schema). */
  schema: JsonSchema;
  /** The arguments object; start it with `defaultsFor(schema)`. */
  value: Record<string, unknown>;
  onChange: (value: Record<string, unknown>) => void;
  /**
   * Further issues to show next to their fields, from outside the form (the
   * form finds schema violations itself on submit).
   */
  errors?: Issue[];
  /** Disables every control (while a call runs); `children` stay enabled. */
  disabled?: boolean;
  /** Prefix of every element id; give one when two forms share a page. */
  idPrefix?: string;
  /**
   * Submit (Enter in a field, or a submit button in `children`), called only
   * with arguments that pass `validateArguments`. Otherwise the problems appear
   * next to their fields and in a summary that takes focus, and stay up to
   * date as they are fixed; JSON text that does not parse is focused instead.
   */
  onSubmit?: (value: Record<string, unknown>) => void;
  /** Rendered inside the form after the fields, e.g. the Run button (`type="submit"`). */
  children?: ReactNode;
  /** The `<form>`'s id, for a submit button elsewhere on the page (`<button form=…>`). */
  id?: string;
  /** The `<form>` element, e.g. for `requestSubmit()` on Ctrl/Cmd+Enter. */
  ref?: Ref<HTMLFormElement>;
  /** An accessible name for the form, such as "Arguments of echo". */
  "aria-label"?: string;
  className?: string;
}

/**
 * A form generated from a JSON Schema, with a raw JSON mode that edits the same
 * arguments object as text. Give it a `key` per tool: what was typed and the
 * error display belong to one schema.
 */
export function SchemaForm({
  schema,
  value,
  onChange,
  errors = [],
  disabled = false,
  idPrefix,
  onSubmit,
  children,
  id,
  ref,
  "aria-label": ariaLabel,
  className,
}: SchemaFormProps) {
  const generatedId = useId();
  const prefix = idPrefix ?? `schema-form${generatedId.replace(/[^A-Za-z0-9]/g, "")}`;
  const [raw, setRaw] = useState(false);
  const [rawError, setRawError] = useState<string | undefined>();
  const [switchRefused, setSwitchRefused] = useState(false);
  // Errors show from the first submit on, never while someone is still filling in.
  const [submitted, setSubmitted] = useState(false);
  // Remounting the raw editor re-renders its text from the value: that is "Format".
  const [rawVersion, setRawVersion] = useState(0);
  const drafts = useRef(new Set<string>());
  const summaryRef = useRef<HTMLDivElement>(null);
  const rawId = `${prefix}-raw-json`;

  const issues = useMemo(
    () => [...(submitted ? validateArguments(schema, value) : []), ...errors],
    [submitted, schema, value, errors],
  );

  const reportDraft = useCallback((controlId: string, invalid: boolean) => {
    if (invalid) drafts.current.add(controlId);
    else drafts.current.delete(controlId);
  }, []);
  const onRawError = useCallback((error: string | undefined) => {
    setRawError(error);
    if (!error) setSwitchRefused(false);
  }, []);

  const context = useMemo<FormContextValue>(
    () => ({ root: schema, idPrefix: prefix, issues, reportDraft }),
    [schema, prefix, issues, reportDraft],
  );

  const hasRequired = useMemo(() => marksRequired(schema, schema), [schema]);

  function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const unparsed = raw && rawError ? rawId : [...drafts.current][0];
    if (unparsed) {
      document.getElementById(unparsed)?.focus();
      return;
    }
    if (validateArguments(schema, value).length > 0) {
      flushSync(() => setSubmitted(true));
      summaryRef.current?.focus();
      return;
    }
    onSubmit?.(value);
  }

  return (
    <form
      ref={ref}
      id={id}
      noValidate
      aria-label={ariaLabel}
      onSubmit={handleSubmit}
      className={cn("grid min-w-0 gap-4", className)}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-xs text-muted-foreground">
          {hasRequired && !raw ? (
            <>
              <RequiredMark /> marks a required field
            </>
          ) : null}
        </p>
        <div className="flex items-center gap-2">
          <Switch
            id={`${prefix}-raw-toggle`}
            checked={raw}
            disabled={disabled}
            aria-describedby={switchRefused ? `${prefix}-raw-refused` : undefined}
            onCheckedChange={(checked) => {
              if (!checked && rawError) {
                setSwitchRefused(true);
                document.getElementById(rawId)?.focus();
                return;
              }
              setRaw(checked);
            }}
          />
          <Label htmlFor={`${prefix}-raw-toggle`}>Raw JSON</Label>
        </div>
      </div>

      <ErrorSummary ref={summaryRef} issues={issues} schema={schema} idPrefix={prefix} linkToFields={!raw} />

      <FormContext.Provider value={context}>
        <fieldset disabled={disabled} className="m-0 grid min-w-0 gap-4 border-0 p-0">
          {raw ? (
            <div className="grid gap-1.5">
              <div className="flex items-center justify-between gap-2">
                <Label htmlFor={rawId}>Arguments as JSON</Label>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  disabled={rawError !== undefined}
                  onClick={() => setRawVersion((v) => v + 1)}
                >
                  Format
                </Button>
              </div>
              <JsonTextArea
                key={rawVersion}
                id={rawId}
                aria-describedby={rawError ? `${rawId}-error` : undefined}
                value={value}
                onChange={(next) => onChange(next as Record<string, unknown>)}
                requireObject
                onDraftError={onRawError}
                rows={12}
              />
              <FieldMessages id={rawId} error={rawError} density="compact" />
              {switchRefused ? (
                <p id={`${prefix}-raw-refused`} role="alert" className="text-xs font-medium text-destructive">
                  Fix the JSON to go back to the form.
                </p>
              ) : null}
            </div>
          ) : (
            <SchemaField schema={schema} value={value} onChange={(next) => onChange(asArguments(next))} pointer="" label="Arguments" required />
          )}
        </fieldset>
      </FormContext.Provider>
      {children}
    </form>
  );
}

function asArguments(next: unknown): Record<string, unknown> {
  return typeof next === "object" && next !== null && !Array.isArray(next) ? (next as Record<string, unknown>) : {};
}
