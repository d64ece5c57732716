"use client";

import { useState } from "react";
import { Field } from "@/components/ui/field";
import type { CompleteRequest } from "@/lib/workbench/schema";
import { SuggestedInput } from "./suggested-input";

export interface NamedArgument {
  name: string;
  required?: boolean;
  description?: string;
}

/** What a form of such values gets from its tab: the values so far, suggestions, and the running call. */
export interface ArgumentFormProps {
  /** The server to ask for suggestions, or null. */
  suggest: string | null;
  values: Record<string, string>;
  onValues: (values: Record<string, string>) => void;
  running: boolean;
  onCancel: () => void;
}

const inputId = (idPrefix: string, name: string) => `${idPrefix}-${name}`;

/**
 * A form of named text values that the server can suggest as they are typed:
 * a prompt's arguments, a resource template's variables.
 */
export function ArgumentFields({
  form: { suggest, values, onValues, running },
  idPrefix,
  fields,
  invalid,
  completing,
}: {
  form: ArgumentFormProps;
  idPrefix: string;
  fields: readonly NamedArgument[];
  /** The fields to mark as missing. */
  invalid: readonly string[];
  completing: CompleteRequest["ref"];
}) {
  return fields.map((field) => (
    <Field
      key={field.name}
      id={inputId(idPrefix, field.name)}
      label={field.name}
      required={field.required}
      hint={field.description}
      error={invalid.includes(field.name) ? `Enter a value for ${field.name}.` : undefined}
      density="compact"
    >
      {(control) => (
        <SuggestedInput
          {...control}
          serverId={suggest}
          completing={completing}
          argument={field.name}
          values={values}
          value={values[field.name] ?? ""}
          onChange={(e) => onValues({ ...values, [field.name]: e.target.value })}
          required={field.required}
          disabled={running}
        />
      )}
    </Field>
  ));
}

/**
 * Submitting with values missing marks them (from then on) and focuses the
 * first; `check` says whether the form may go.
 */
export function useMissingValues(idPrefix: string, missing: readonly string[]) {
  const [tried, setTried] = useState(false);
  return {
    invalid: tried ? missing : [],
    check(): boolean {
      setTried(true);
      if (missing.length === 0) return true;
      document.getElementById(inputId(idPrefix, missing[0]))?.focus();
      return false;
    },
  };
}
