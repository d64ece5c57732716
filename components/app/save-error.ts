import { ApiError, failureMessage, isApiError } from "@/lib/api-client/api-error";
import { isRecord } from "@/lib/guards";

/**
 * What a form does with a save the API refused: each problem on the field it
 * names, the rest as one banner. Pure, so that the mapping is tested without
 * rendering.
 */

/** Field errors keyed by the dotted path of the API's details ("headers.0.value"). */
export type FieldErrors = Record<string, string>;

export type FormProblem =
  | { kind: "plan"; message: string }
  | { kind: "demo"; message: string }
  | { kind: "error"; message: string };

export interface MappedSaveError {
  fields: FieldErrors;
  problem: FormProblem | null;
}

function pathKey(path: readonly PropertyKey[] | string): string {
  return typeof path === "string" ? path : path.map(String).join(".");
}

/** The first message per field of a zod parse or of an API answer's details: the one to fix first. */
export function collectFieldErrors(issues: readonly { path: readonly PropertyKey[] | string; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = pathKey(issue.path);
    if (key && !(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** The JSON body of a failed API call; empty for any other failure. */
export function errorBody(err: unknown): Record<string, unknown> {
  return err instanceof ApiError && isRecord(err.data) ? err.data : {};
}

/**
 * Puts a failed save where the user will look: on the field, or as a banner.
 * A 409 lands on `conflictField`, the form's one field that must be unique.
 */
export function mapSaveError(err: unknown, conflictField = "name"): MappedSaveError {
  const body = errorBody(err);
  const status = err instanceof ApiError ? err.status : 0;
  if (status === 400 && Array.isArray(body.details)) {
    const issues = body.details.filter(
      (d): d is { path: string | PropertyKey[]; message: string } =>
        isRecord(d) && typeof d.message === "string" && (typeof d.path === "string" || Array.isArray(d.path)),
    );
    const fields = collectFieldErrors(issues);
    const unplaced = issues.filter((i) => pathKey(i.path) === "");
    const problem = unplaced.length > 0 || Object.keys(fields).length === 0 ? { kind: "error" as const, message: unplaced[0]?.message ?? failureMessage(err) } : null;
    return { fields, problem };
  }
  if (status === 409) return { fields: { [conflictField]: failureMessage(err) }, problem: null };
  if (isApiError(err, "plan_required")) return { fields: {}, problem: { kind: "plan", message: failureMessage(err) } };
  if (isApiError(err, "demo_account")) return { fields: {}, problem: { kind: "demo", message: failureMessage(err) } };
  return { fields: {}, problem: { kind: "error", message: failureMessage(err) } };
}
