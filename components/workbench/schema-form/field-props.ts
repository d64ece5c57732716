import type { ReactNode } from "react";

import type { JsonSchema } from "@/lib/workbench/schema-form/types";

/** What every generated field receives from its parent. */
export interface FieldProps {
  schema: JsonSchema;
  value: unknown;
  /** `undefined` means "not set": the parent object drops the key. */
  onChange: (next: unknown) => void;
  /** JSON Pointer of the value inside the arguments; issues are matched by it. */
  pointer: string;
  label: string;
  required: boolean;
  /** Overrides the schema's own description (a union shows its parent's). */
  description?: string;
  labelAddon?: ReactNode;
}
