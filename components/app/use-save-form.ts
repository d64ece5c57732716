"use client";

import { useState } from "react";
import { collectFieldErrors, mapSaveError, type FieldErrors, type FormProblem } from "./save-error";

type Checked<T> = { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/**
 * A form's errors and the one way it saves: the input checked by its schema
 * first (each problem on its field), then sent (`saving` meanwhile); a
 * refusal lands on the field it names, a 409 on `conflictField` (the form's
 * one field that must be unique), or in the banner (`problem`, shown by
 * FormProblemBanner).
 */
export function useSaveForm(conflictField?: string) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [saving, setSaving] = useState(false);

  async function save<T>(checked: Checked<T>, send: (input: T) => Promise<unknown>) {
    setProblem(null);
    if (!checked.success) {
      setErrors(collectFieldErrors(checked.error.issues));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await send(checked.data);
    } catch (err) {
      const mapped = mapSaveError(err, conflictField);
      setErrors(mapped.fields);
      setProblem(mapped.problem);
    } finally {
      setSaving(false);
    }
  }

  return { errors, problem, saving, save };
}
