"use client";

import { ChevronRight } from "lucide-react";
import { useState, type ReactNode } from "react";
import { cn } from "@/lib/utils";

/**
 * A list of findings under a heading that folds it: the heading is a button
 * (keyboard and screen readers know whether it is open), with the number of
 * findings beside the title.
 */
export function FoldingSection({
  id,
  title,
  count,
  initiallyOpen = true,
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  count: number;
  initiallyOpen?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <section aria-labelledby={id} className={cn("flex flex-col gap-3", className)}>
      <h3 id={id} className="text-base font-semibold">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen(!open)}
          className="-mx-1 flex items-center gap-2 rounded-md px-1 hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
        >
          <ChevronRight aria-hidden="true" className={cn("size-4 transition-transform", open && "rotate-90")} />
          {title}
          <span className="rounded-sm bg-muted px-1.5 text-xs font-normal tabular-nums text-muted-foreground">
            {count}
            <span className="sr-only"> {count === 1 ? "finding" : "findings"}</span>
          </span>
        </button>
      </h3>
      <div id={`${id}-panel`} hidden={!open} className="flex flex-col gap-3">
        {children}
      </div>
    </section>
  );
}
