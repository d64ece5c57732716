"use client";

import { useState } from "react";
import { collectFieldErrors, mapSaveError, type FieldErrors, type FormProblem } from "./save-error";

type Checked<T> = { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/**
 * A form's errors and the one way it saves: the input checked by its schema
 * first (each problem on its field), then sent; a refusal lands on the field
 * it names or in the banner (`problem`, shown by FormProblemBanner).
 */
export function useSaveForm() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<FormProblem | null>(null);

  async function save<T>(checked: Checked<T>, send: (input: T) => Promise<void>) {
    setProblem(null);
    if (!checked.success) {
      setErrors(collectFieldErrors(checked.error.issues));
      return;
    }
    setErrors({});
    try {
      await send(checked.data);
    } catch (err) {
      const mapped = mapSaveError(err);
      setErrors(mapped.fields);
      setProblem(mapped.problem);
    }
  }

  return { errors, problem, save };
}
