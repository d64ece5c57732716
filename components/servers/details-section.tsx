"use client";

import { CardSection } from "@/components/app/card-section";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { TagInput } from "./tag-input";
import type { ServerFormState } from "./use-server-form";

const DESCRIPTION_MAX = 500;

/** What helps people find the server later: its description and tags. */
export function DetailsSection({ form }: { form: ServerFormState }) {
  const { id, values, set, errors, saving } = form;
  return (
    <CardSection title="Details" description="Help you and your team find the server later.">
      <Field id={id("description")} label="Description" error={errors.description} hint={`${values.description.length} of ${DESCRIPTION_MAX} characters`}>
        {(control) => <Textarea {...control} value={values.description} rows={3} disabled={saving} onChange={(e) => set({ description: e.target.value })} />}
      </Field>
      <Field
        id={id("tags")}
        label="Tags"
        error={errors.tags ?? Object.entries(errors).find(([k]) => k.startsWith("tags."))?.[1]}
        hint="Press Enter or type a comma to add a tag. Filter the server list by tag."
      >
        {(control) => <TagInput control={control} tags={values.tags} disabled={saving} onChange={(tags) => set({ tags })} />}
      </Field>
    </CardSection>
  );
}
