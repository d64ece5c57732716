import { cn } from "@/lib/utils";
import type { ServerStatus } from "@/lib/servers/schema";
import { STATUS_META } from "./server-status";

export function StatusBadge({ status, className }: { status: ServerStatus; className?: string }) {
  const meta = STATUS_META[status];
  const Icon = meta.icon;
  return (
    <span
      data-status={status}
      title={meta.description}
      className={cn(
        "inline-flex w-fit shrink-0 items-center gap-1 rounded-md border px-2 py-0.5 text-xs font-medium whitespace-nowrap",
        meta.badgeClass,
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3" />
      {meta.label}
    </span>
  );
}
