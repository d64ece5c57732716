"use client";

import type { ReactNode } from "react";

import { Field, type ControlProps } from "@/components/ui/field";

import type { FieldProps } from "./field-props";
import { fieldId, messagesAt, useFormContext } from "./form-context";

/** Help texts of a generated field that apply, as one line. */
export const helpLine = (help: (string | undefined)[]): string | undefined => help.filter(Boolean).join(" · ") || undefined;

/** The form's issues (and the control's own) as one message. */
export const errorLine = (errors: string[]): string | undefined => errors.join(". ") || undefined;

interface GeneratedFieldProps {
  /** The field as its parent placed it: where its value sits, its label, whether it is required. */
  of: Pick<FieldProps, "pointer" | "label" | "required" | "labelAddon">;
  help: (string | undefined)[];
  /** Replaces the form's issues at the field's place (a control that adds its own). */
  errors?: string[];
  /** Checkbox-like controls go before their label. */
  inline?: boolean;
  children: (control: ControlProps) => ReactNode;
}

/** One control of a generated form, in the labelled field every form uses; its id follows from its place. */
export function GeneratedField({ of, help, errors, inline, children }: GeneratedFieldProps) {
  const { idPrefix, issues } = useFormContext();
  return (
    <Field
      id={fieldId(idPrefix, of.pointer)}
      label={of.label}
      required={of.required}
      addon={of.labelAddon}
      hint={helpLine(help)}
      error={errorLine(errors ?? messagesAt(issues, of.pointer))}
      layout={inline ? "control-first" : "stacked"}
      density="compact"
    >
      {children}
    </Field>
  );
}
