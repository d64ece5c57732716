import * as React from "react";

import { cn } from "@/lib/utils";

/** Decorative loading placeholder; hidden from assistive technology. Pair it with a Spinner or live text. */
function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn("animate-pulse rounded-md bg-muted", className)}
      {...props}
    />
  );
}

export { Skeleton };
