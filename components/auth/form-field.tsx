import { useId, type ComponentProps, type ReactNode } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

type FormFieldProps = Omit<ComponentProps<"input">, "id"> & {
  name: string;
  label: ReactNode;
  /** One message, or the list of rules a password still misses. */
  error?: string | readonly string[] | null;
  hint?: ReactNode;
};

/**
 * A labelled input whose errors sit right under it and are tied to it with
 * aria-describedby, so a screen reader reads them when the field gets focus.
 */
export function FormField({ name, label, error, hint, ...inputProps }: FormFieldProps) {
  const id = `${useId()}-${name}`;
  const hasError = typeof error === "string" ? error.length > 0 : Boolean(error?.length);
  const describedBy = [hint ? `${id}-hint` : null, hasError ? `${id}-error` : null].filter(Boolean).join(" ");

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={name}
        aria-invalid={hasError || undefined}
        aria-describedby={describedBy || undefined}
        {...inputProps}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {hasError ? (
        <div id={`${id}-error`} className="text-sm text-destructive">
          {typeof error === "string" ? (
            <p>{error}</p>
          ) : (
            <>
              <p>Your password needs:</p>
              <ul className="mt-1 list-disc pl-5">
                {error?.map((rule) => <li key={rule}>{rule}</li>)}
              </ul>
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}
