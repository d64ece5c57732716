"use client";

import { useRef, useState, type FormEvent } from "react";
import type { z } from "zod";
import { parseForm, type FieldErrors } from "./fields";

/**
 * A form's schema, or a function that loads it. A public page passes the
 * loader (`() => import(…).then((m) => m.schema)`): zod then downloads on the
 * first submit instead of with the page.
 */
export type SchemaSource<T> = z.ZodType<T> | (() => Promise<z.ZodType<T>>);

/**
 * A form checked by its zod schema on submit: `submit(event)` stops the
 * browser's own submission, puts each problem on its field (the first one
 * focused) and gives the parsed values and the form, or null.
 */
export function useSchemaForm<T>(source: SchemaSource<T>) {
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const loading = useRef(false);
  async function submit(event: FormEvent<HTMLFormElement>, values?: unknown): Promise<{ data: T; form: HTMLFormElement } | null> {
    // Both before the first await: the event is done with once the handler returns.
    event.preventDefault();
    const form = event.currentTarget;
    // A second click while the schema downloads is the same submission, not another one.
    if (loading.current) return null;
    let schema: z.ZodType<T>;
    if (typeof source === "function") {
      loading.current = true;
      try {
        schema = await source();
      } finally {
        loading.current = false;
      }
    } else {
      schema = source;
    }
    const parsed = values === undefined ? parseForm(form, schema) : parseForm(form, schema, values);
    setErrors(parsed.errors);
    return parsed.ok ? { data: parsed.data, form } : null;
  }
  return { errors, setErrors, submit };
}
