"use client";

import { classify } from "@/lib/workbench/schema-form/classify";

import { ArrayField } from "./array-field";
import { BooleanField } from "./boolean-field";
import { ChoicesField, ConstField, EnumField, NullField } from "./choice-fields";
import type { FieldProps } from "./field-props";
import { useFormContext } from "./form-context";
import { JsonField } from "./json-field";
import { NumberField } from "./number-field";
import { ObjectField } from "./object-field";
import { StringField } from "./string-field";
import { UnionField } from "./union-field";

/** Picks the control for a value from its schema; anything unsupported gets a JSON editor. */
export function SchemaField(props: FieldProps) {
  const { root } = useFormContext();
  const field = classify(props.schema, root);
  const withDescription = { ...props, description: props.description ?? field.schema.description };
  switch (field.kind) {
    case "string":
      return <StringField {...withDescription} field={field} />;
    case "number":
      return <NumberField {...withDescription} field={field} />;
    case "boolean":
      return <BooleanField {...withDescription} />;
    case "enum":
      return <EnumField {...withDescription} field={field} />;
    case "choices":
      return <ChoicesField {...withDescription} field={field} />;
    case "const":
      return <ConstField {...withDescription} field={field} />;
    case "null":
      return <NullField {...withDescription} />;
    case "object":
      return <ObjectField {...withDescription} field={field} />;
    case "array":
      return <ArrayField {...withDescription} field={field} />;
    case "union":
      return <UnionField {...withDescription} field={field} />;
    case "json":
      return <JsonField {...withDescription} />;
  }
}
