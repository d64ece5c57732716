import type { ReactNode } from "react";
import { Skeleton } from "@/components/ui/skeleton";

/** A part of the page while it loads: its shape in skeletons, and a status line for screen readers. */
export function Loading({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <span className="sr-only" role="status">
        {label}
      </span>
      {children}
    </div>
  );
}

/** `count` skeletons of one shape, for a list or a grid that is loading (laid out by `layout`, when given). */
export function SkeletonRows({ count = 3, className, layout }: { count?: number; className: string; layout?: string }) {
  const rows = Array.from({ length: count }, (_, i) => <Skeleton key={i} className={className} />);
  return layout ? <div className={layout}>{rows}</div> : rows;
}
