"use client";

import type { ReactNode } from "react";

import { cn } from "@/lib/utils";

import { FieldErrors, RequiredMark } from "./field-shell";

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
  const helpText = help.filter(Boolean).join(" · ");
  const helpId = helpText ? `${id}-help` : undefined;
  const errorId = errors.length > 0 ? `${id}-error` : undefined;
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      aria-describedby={[helpId, errorId].filter(Boolean).join(" ") || undefined}
      className={cn(
        "grid min-w-0 gap-4 rounded-md border p-4 outline-hidden focus-visible:ring-2 focus-visible:ring-ring",
        errors.length > 0 && "border-destructive",
        className,
      )}
    >
      <legend className="flex items-center gap-1 px-1 text-sm font-medium break-words">
        {label}
        {required ? <RequiredMark /> : null}
      </legend>
      {addon || helpText || errorId ? (
        <div className="-mt-2 grid gap-1">
          {addon ? <div>{addon}</div> : null}
          {helpText ? (
            <p id={helpId} className="text-xs text-muted-foreground">
              {helpText}
            </p>
          ) : null}
          <FieldErrors id={errorId} errors={errors} />
        </div>
      ) : null}
      {children}
    </fieldset>
  );
}
