"use client";

import type { ReactNode } from "react";

import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

export interface ControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  "aria-required"?: true;
}

interface FieldShellProps {
  id: string;
  label: string;
  required: boolean;
  help: (string | undefined)[];
  errors: string[];
  /** Sits at the end of the label row (a union's type picker). */
  addon?: ReactNode;
  /** Checkbox-like controls go before their label, on one line. */
  inline?: boolean;
  children: (control: ControlProps) => ReactNode;
}

export function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-destructive">
      *
    </span>
  );
}

/** Label, help text and error message of one control, wired with `for` and `aria-describedby`. */
export function FieldShell({ id, label, required, help, errors, addon, inline, children }: FieldShellProps) {
  const helpText = help.filter(Boolean).join(" · ");
  const helpId = helpText ? `${id}-help` : undefined;
  const errorId = errors.length > 0 ? `${id}-error` : undefined;
  const control: ControlProps = {
    id,
    "aria-describedby": [helpId, errorId].filter(Boolean).join(" ") || undefined,
    "aria-invalid": errors.length > 0 ? true : undefined,
    "aria-required": required ? true : undefined,
  };
  // The mark stays outside the <label> so the label's text is exactly the name.
  const labelElement = (
    <span className="flex min-w-0 items-center gap-1">
      <Label htmlFor={id} className="break-words">
        {label}
      </Label>
      {required ? <RequiredMark /> : null}
    </span>
  );

  return (
    <div className="grid min-w-0 gap-1.5" data-slot="schema-field">
      {inline ? (
        <div className="flex items-center gap-2">
          {children(control)}
          {labelElement}
          {addon ? <div className="ml-auto">{addon}</div> : null}
        </div>
      ) : (
        <>
          <div className="flex min-h-5 items-center justify-between gap-2">
            {labelElement}
            {addon}
          </div>
          {children(control)}
        </>
      )}
      {helpText ? (
        <p id={helpId} className="text-xs text-muted-foreground">
          {helpText}
        </p>
      ) : null}
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

export function FieldErrors({ id, errors, className }: { id?: string; errors: string[]; className?: string }) {
  if (errors.length === 0) return null;
  return (
    <p id={id} className={cn("text-xs font-medium text-destructive", className)}>
      {errors.join(". ")}
    </p>
  );
}
