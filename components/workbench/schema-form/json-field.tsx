"use client";

import { useCallback, useEffect, useState } from "react";

import { describePointer, pointerSegments } from "@/lib/workbench/schema-form/pointer";

import type { FieldProps } from "./field-props";
import { GeneratedField } from "./generated-field";
import { fieldId, issuesWithin, useFormContext } from "./form-context";
import { JsonTextArea } from "./json-text-area";

/** A value the form cannot lay out as controls, edited as JSON. Issues anywhere inside it show here. */
export function JsonField(props: FieldProps) {
  const { value, onChange, pointer, description } = props;
  const { idPrefix, issues, reportDraft } = useFormContext();
  const id = fieldId(idPrefix, pointer);
  const [draftError, setDraftError] = useState<string | undefined>();
  const onDraftError = useCallback((error: string | undefined) => setDraftError(error), []);

  useEffect(() => {
    reportDraft(id, draftError !== undefined);
    return () => reportDraft(id, false);
  }, [id, draftError, reportDraft]);

  const depth = pointerSegments(pointer).length;
  const messages = issuesWithin(issues, pointer).map((issue) =>
    issue.path === pointer
      ? issue.message
      : `${describePointer("/" + issue.path.split("/").slice(depth + 1).join("/"))}: ${issue.message}`,
  );

  return (
    <GeneratedField of={props} help={[description, "JSON"]} errors={draftError ? [draftError, ...messages] : messages}>
      {(control) => (
        <JsonTextArea {...control} value={value} onChange={onChange} allowEmpty onDraftError={onDraftError} />
      )}
    </GeneratedField>
  );
}
