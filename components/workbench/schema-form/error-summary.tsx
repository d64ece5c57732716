"use client";

import type { Ref } from "react";

import { labelAt } from "@/lib/workbench/schema-form/labels";
import { childPointer, describePointer, pointerSegments } from "@/lib/workbench/schema-form/pointer";
import type { Issue, JsonSchema } from "@/lib/workbench/schema-form/types";

import { fieldId } from "./form-context";

interface ErrorSummaryProps {
  issues: Issue[];
  /** Names each problem by its field's label. */
  schema: JsonSchema;
  idPrefix: string;
  /** Links move focus to the field; off in raw JSON mode, where there are no fields (problems are named by key there). */
  linkToFields: boolean;
  ref?: Ref<HTMLDivElement>;
}

/** The field for a pointer, or its nearest ancestor shown (values inside a JSON editor have none of their own). */
function focusNearest(idPrefix: string, path: string) {
  const segments = pointerSegments(path);
  for (let n = segments.length; n >= 0; n--) {
    const pointer = segments.slice(0, n).reduce(childPointer, "");
    const element = document.getElementById(fieldId(idPrefix, pointer));
    if (element) {
      element.focus();
      return;
    }
  }
}

/** Every problem in one list at the top of the form; it takes focus after a failed submit. */
export function ErrorSummary({ issues, schema, idPrefix, linkToFields, ref }: ErrorSummaryProps) {
  if (issues.length === 0) return null;
  const titleId = `${idPrefix}-error-summary-title`;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby={titleId}
      className="grid gap-1 rounded-md border border-destructive bg-destructive/10 p-3 text-sm outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
    >
      <p id={titleId} className="font-medium text-destructive">
        {issues.length === 1 ? "1 problem" : `${issues.length} problems`} to fix before running
      </p>
      <ul className="grid gap-0.5 pl-4 text-foreground">
        {issues.map((issue, i) => (
          <li key={`${issue.path}:${i}`} className="list-disc">
            {linkToFields ? (
              <a
                href={`#${fieldId(idPrefix, issue.path)}`}
                className="underline underline-offset-2 hover:text-destructive"
                onClick={(e) => {
                  e.preventDefault();
                  focusNearest(idPrefix, issue.path);
                }}
              >
                {labelAt(schema, issue.path)}
              </a>
            ) : (
              <span className="font-mono text-xs">{describePointer(issue.path)}</span>
            )}
            : {issue.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
