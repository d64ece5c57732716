"use client";

import { cva, type VariantProps } from "class-variance-authority";
import { useId, type ReactNode } from "react";

import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

/** What the control inside a field spreads on itself, so that its label, hint and error belong to it. */
export interface ControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  "aria-required"?: true;
}

const fieldVariants = cva("flex min-w-0 flex-col", {
  variants: {
    density: {
      default: "gap-2",
      // Generated forms put many fields on one screen.
      compact: "gap-1.5",
    },
  },
  defaultVariants: { density: "default" },
});

const errorVariants = cva("text-destructive", {
  variants: { density: { default: "text-sm", compact: "text-xs font-medium" } },
  defaultVariants: { density: "default" },
});

export function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-destructive">
      *
    </span>
  );
}

/** A field's hint and error, each with the id its control's aria-describedby names. */
export function FieldMessages({
  id,
  hint,
  error,
  density,
}: {
  id: string;
  hint?: ReactNode;
  error?: ReactNode;
  density?: VariantProps<typeof errorVariants>["density"];
}) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {hasContent(error) ? (
        typeof error === "string" ? (
          <p id={`${id}-error`} className={errorVariants({ density })}>
            {error}
          </p>
        ) : (
          <div id={`${id}-error`} className={errorVariants({ density })}>
            {error}
          </div>
        )
      ) : null}
    </>
  );
}

function hasContent(node: ReactNode): boolean {
  return node !== undefined && node !== null && node !== false && node !== "";
}

/** The ids a control's aria-describedby lists: its hint, then its error. */
export function describedBy(id: string, hint: ReactNode, error: ReactNode): string | undefined {
  return [hint ? `${id}-hint` : null, hasContent(error) ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

export interface FieldProps extends VariantProps<typeof fieldVariants> {
  /** The control's id; one is made up when left out. */
  id?: string;
  label: ReactNode;
  hint?: ReactNode;
  /** What is wrong, under the control; a node for more than a sentence (the rules a password misses). */
  error?: ReactNode;
  /** Shows the required mark and tells assistive technology. */
  required?: boolean;
  /** Sits at the end of the label row (a union's type picker). */
  addon?: ReactNode;
  /**
   * Label above the control (the default); the control first on one line
   * (switches and checkboxes); or the label first on one line (a toolbar's
   * select).
   */
  layout?: "stacked" | "control-first" | "label-first";
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

/**
 * The one labelled field: a label, the control (rendered by `children` with
 * the props that tie it to its label), a hint and an error. The hint and error
 * are named by the control's aria-describedby, so a screen reader reads them
 * when the control gets focus.
 */
export function Field({ id: givenId, label, hint, error, required, addon, layout = "stacked", density, className, children }: FieldProps) {
  const madeUp = useId();
  const id = givenId ?? madeUp;
  const control: ControlProps = {
    id,
    "aria-describedby": describedBy(id, hint, error),
    "aria-invalid": hasContent(error) ? true : undefined,
    "aria-required": required ? true : undefined,
  };
  // The mark stays outside the <label> so that the label's text is exactly the name.
  const labelElement = (
    <span className="flex min-w-0 items-center gap-1">
      <Label htmlFor={id} className="break-words">
        {label}
      </Label>
      {required ? <RequiredMark /> : null}
    </span>
  );

  return (
    <div className={cn(fieldVariants({ density }), className)}>
      {layout === "control-first" ? (
        <div className="flex items-center gap-2">
          {children(control)}
          {labelElement}
          {addon ? <div className="ml-auto">{addon}</div> : null}
        </div>
      ) : layout === "label-first" ? (
        <div className="flex flex-wrap items-center gap-2">
          {labelElement}
          {children(control)}
          {addon}
        </div>
      ) : (
        <>
          {addon ? (
            <div className="flex min-h-5 items-center justify-between gap-2">
              {labelElement}
              {addon}
            </div>
          ) : (
            labelElement
          )}
          {children(control)}
        </>
      )}
      <FieldMessages id={id} hint={hint} error={error} density={density} />
    </div>
  );
}
