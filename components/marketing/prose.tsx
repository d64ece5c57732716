import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/**
 * Long-form text (legal pages, about): readable measure, spacing and
 * heading styles, without a typography plugin.
 */
export const PROSE_CLASSES = cn(
  "text-base leading-7 text-foreground",
  "[&_h2]:mt-12 [&_h2]:scroll-mt-24 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:tracking-tight",
  "[&_h3]:mt-8 [&_h3]:scroll-mt-24 [&_h3]:text-lg [&_h3]:font-semibold",
  "[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6",
  "[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4",
  "[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.9em]",
  "[&_table]:mt-4 [&_table]:w-full [&_table]:border-collapse [&_table]:text-sm",
  "[&_th]:border-b [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_th]:font-semibold [&_td]:border-b [&_td]:px-3 [&_td]:py-2 [&_td]:align-top",
);

export function Prose({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn("mx-auto max-w-3xl px-4 py-12 sm:px-6", PROSE_CLASSES, className)}>{children}</div>;
}
