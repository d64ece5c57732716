import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

/** The email address of every sign-in and contact form, named "email" as the schemas read it. */
export function EmailField({ error, maxLength }: { error?: string; maxLength?: number }) {
  return (
    <Field label="Email" error={error}>
      {(control) => <Input {...control} name="email" type="email" autoComplete="email" inputMode="email" required maxLength={maxLength} />}
    </Field>
  );
}
