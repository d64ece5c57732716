import * as React from "react";
import { Loader2 } from "lucide-react";

import { cn } from "@/lib/utils";

const sizeClasses = {
  sm: "size-4",
  default: "size-5",
  lg: "size-8",
} as const;

type SpinnerProps = Omit<React.ComponentProps<"span">, "children"> & {
  /** Visual size of the icon. */
  size?: keyof typeof sizeClasses;
  /** Accessible name announced to screen readers. */
  "aria-label"?: string;
};

/** Accessible loading indicator: a `status` live region named "Loading" by default. */
function Spinner({ className, size = "default", "aria-label": label = "Loading", ...props }: SpinnerProps) {
  return (
    <span
      role="status"
      aria-label={label}
      data-slot="spinner"
      className={cn("inline-flex items-center justify-center text-muted-foreground", className)}
      {...props}
    >
      <Loader2 aria-hidden="true" focusable="false" className={cn("animate-spin", sizeClasses[size])} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export { Spinner, type SpinnerProps };
