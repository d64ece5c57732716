"use client";

import { useState, type FormEvent } from "react";
import type { z } from "zod";
import { parseForm, type FieldErrors } from "./fields";

/**
 * A form checked by its zod schema on submit: `submit(event)` stops the
 * browser's own submission, puts each problem on its field (the first one
 * focused) and gives the parsed values and the form, or null.
 */
export function useSchemaForm<T>(schema: z.ZodType<T>) {
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  function submit(event: FormEvent<HTMLFormElement>, values?: unknown): { data: T; form: HTMLFormElement } | null {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = values === undefined ? parseForm(form, schema) : parseForm(form, schema, values);
    setErrors(parsed.errors);
    return parsed.ok ? { data: parsed.data, form } : null;
  }
  return { errors, setErrors, submit };
}
