"use client";

import { createContext, useContext } from "react";

import { isWithin, pointerToId } from "@/lib/workbench/schema-form/pointer";
import type { Issue, JsonSchema } from "@/lib/workbench/schema-form/types";

export interface FormContextValue {
  /** The whole schema: `$ref`s resolve against it. */
  root: JsonSchema;
  idPrefix: string;
  issues: Issue[];
  /**
   * Text a control holds that is not yet a value (JSON that does not parse,
   * a number the browser cannot read): the form refuses to submit while any
   * is reported, and focuses it instead.
   */
  reportDraft: (controlId: string, invalid: boolean) => void;
}

export const FormContext = createContext<FormContextValue | null>(null);

export function useFormContext(): FormContextValue {
  const ctx = useContext(FormContext);
  if (!ctx) throw new Error("Schema form fields render only inside <SchemaForm>");
  return ctx;
}

export function fieldId(idPrefix: string, pointer: string): string {
  return `${idPrefix}-field${pointerToId(pointer)}`;
}

export function messagesAt(issues: Issue[], pointer: string): string[] {
  return issues.filter((i) => i.path === pointer).map((i) => i.message);
}

export function issuesWithin(issues: Issue[], pointer: string): Issue[] {
  return issues.filter((i) => isWithin(i.path, pointer));
}
