import type { ReactNode } from "react";

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
