/**
 * A query-string value left blank (a filter form's "any", `?cursor=`) is one
 * not sent, so that a schema's `.optional()` and `.default()` apply to it:
 * `z.preprocess(blankIsAbsent, schema)`.
 */
export const blankIsAbsent = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
