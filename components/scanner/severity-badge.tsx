import type { ReactNode } from "react";
import type { Severity } from "@/lib/scanner/types";
import { cn } from "@/lib/utils";
import { SEVERITY_META } from "./severity-meta";

export function SeverityBadge({
  severity,
  className,
  title,
  children,
}: {
  severity: Severity;
  className?: string;
  title?: string;
  children?: ReactNode;
}) {
  const meta = SEVERITY_META[severity];
  const Icon = meta.icon;
  return (
    <span
      data-severity={severity}
      title={title ?? meta.description}
      className={cn(
        "inline-flex w-fit shrink-0 items-center gap-1 rounded-md border px-2 py-0.5 text-xs font-medium whitespace-nowrap",
        meta.badgeClass,
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3" />
      {children ?? meta.label}
    </span>
  );
}
