import type { z } from "zod";
import { isApiError } from "@/lib/api-client/api-error";
import { isRecord } from "@/lib/guards";

/**
 * What every form does with its fields: read them, check them with the zod
 * schema the API checks too, and put each problem on its field, the first one
 * focused so that the person lands where the fixing starts.
 */

export type FieldErrors<T> = Partial<Record<Extract<keyof T, string>, string>>;

/** The first message for each top-level field of a failed parse; empty on success. */
export function fieldErrors<T>(result: z.ZodSafeParseResult<T>): FieldErrors<T> {
  const errors: Record<string, string> = {};
  if (result.success) return errors as FieldErrors<T>;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && !(field in errors)) errors[field] = issue.message;
  }
  return errors as FieldErrors<T>;
}

/** The named text fields of a submitted form, as the schemas expect them. */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  new FormData(form).forEach((value, key) => {
    if (typeof value === "string") values[key] = value;
  });
  return values;
}

/** Moves focus to the form's control called `name`. */
export function focusField(form: HTMLFormElement, name: string): void {
  (form.elements.namedItem(name) as HTMLElement | null)?.focus();
}

/** Focuses the first field that has an error, in the order the errors were found. */
export function focusFirstError(form: HTMLFormElement, errors: Record<string, string | undefined>): void {
  const first = Object.keys(errors)[0];
  if (first) focusField(form, first);
}

export type ParsedForm<T> = { ok: true; data: T; errors: FieldErrors<T> } | { ok: false; errors: FieldErrors<T> };

/**
 * Checks `values` (the form's named fields unless given) with `schema`; on
 * failure the first field with an error takes focus.
 */
export function parseForm<T>(form: HTMLFormElement, schema: z.ZodType<T>, values: unknown = formValues(form)): ParsedForm<T> {
  const parsed = schema.safeParse(values);
  const errors = fieldErrors(parsed);
  if (parsed.success) return { ok: true, data: parsed.data, errors };
  focusFirstError(form, errors);
  return { ok: false, errors };
}

/** The field issues of a `validation_failed` answer, as errors of the form's fields; null for any other failure. */
export function serverFieldErrors<T>(err: unknown): FieldErrors<T> | null {
  if (!isApiError(err, "validation_failed") || !isRecord(err.data)) return null;
  const { details } = err.data;
  if (!Array.isArray(details)) return null;
  const errors: Record<string, string> = {};
  for (const d of details) {
    if (isRecord(d) && typeof d.path === "string" && d.path && typeof d.message === "string" && !(d.path in errors)) errors[d.path] = d.message;
  }
  return errors as FieldErrors<T>;
}
