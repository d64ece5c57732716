import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/**
 * One band of the landing page below the hero: a rule above, a centred h2
 * (labelling the section), an optional lead, then its content. `anchor` makes
 * the band a target of the header's links (`#name`), clear of the sticky header.
 */
export function LandingSection({
  name,
  title,
  lead,
  anchor = false,
  muted = false,
  width = "max-w-6xl",
  leadWidth = "max-w-2xl",
  children,
}: {
  name: string;
  title: string;
  lead?: string;
  anchor?: boolean;
  muted?: boolean;
  width?: "max-w-6xl" | "max-w-3xl";
  leadWidth?: "max-w-2xl" | "max-w-xl";
  children: ReactNode;
}) {
  const titleId = `${name}-title`;
  return (
    <section id={anchor ? name : undefined} aria-labelledby={titleId} className={cn(anchor && "scroll-mt-16", "border-t", muted && "bg-muted/40")}>
      <div className={cn("mx-auto px-4 py-20 sm:px-6", width)}>
        <h2 id={titleId} className="text-center text-3xl font-bold tracking-tight">
          {title}
        </h2>
        {lead ? <p className={cn("mx-auto mt-4 text-center text-muted-foreground", leadWidth)}>{lead}</p> : null}
        {children}
      </div>
    </section>
  );
}
