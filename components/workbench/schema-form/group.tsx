"use client";

import type { ReactNode } from "react";

import { describedBy, FieldMessages, RequiredMark } from "@/components/ui/field";
import { cn } from "@/lib/utils";

import { errorLine, helpLine } from "./generated-field";

interface GroupProps {
  id: string;
  label: string;
  required: boolean;
  help: (string | undefined)[];
  errors: string[];
  addon?: ReactNode;
  children: ReactNode;
  className?: string;
}

/**
 * A fieldset for an object or a list. It takes focus (tabIndex -1) so the
 * error summary can move people to it.
 */
export function Group({ id, label, required, help, errors, addon, children, className }: GroupProps) {
  const hint = helpLine(help);
  const error = errorLine(errors);
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      aria-describedby={describedBy(id, hint, error)}
      className={cn(
        "grid min-w-0 gap-4 rounded-md border p-4 outline-hidden focus-visible:ring-2 focus-visible:ring-ring",
        error && "border-destructive",
        className,
      )}
    >
      <legend className="flex items-center gap-1 px-1 text-sm font-medium break-words">
        {label}
        {required ? <RequiredMark /> : null}
      </legend>
      {addon || hint || error ? (
        <div className="-mt-2 grid gap-1">
          {addon ? <div>{addon}</div> : null}
          <FieldMessages id={id} hint={hint} error={error} density="compact" />
        </div>
      ) : null}
      {children}
    </fieldset>
  );
}
