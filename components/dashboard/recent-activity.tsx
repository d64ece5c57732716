import { History } from "lucide-react";
import Link from "next/link";
import { RelativeTime } from "@/components/app/relative-time";
import { actionLabel } from "@/lib/activity/labels";
import type { DashboardSummary } from "@/lib/dashboard/types";
import { cn } from "@/lib/utils";
import { actionTone, activityHref, deletedTargetIds } from "./activity-meta";

const TONE_DOT = { good: "bg-success", bad: "bg-destructive", neutral: "bg-input" } as const;

export function RecentActivity({ items }: { items: DashboardSummary["recentActivity"] }) {
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 py-6 text-center text-sm text-muted-foreground">
        <History aria-hidden="true" className="size-6" />
        Nothing yet. What you and your servers do shows up here.
      </div>
    );
  }
  const deleted = deletedTargetIds(items);
  return (
    <ol className="flex flex-col" aria-label="Recent activity">
      {items.map((item) => (
        <li key={item.id} className="border-b last:border-0">
          <Link
            href={activityHref(item, deleted)}
            className="flex items-start gap-3 rounded-md px-2 py-2.5 hover:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
          >
            <span className={cn("mt-1.5 size-2 shrink-0 rounded-full", TONE_DOT[actionTone(item.action)])} aria-hidden="true" />
            <span className="min-w-0 flex-1">
              <span className="block text-xs font-medium text-muted-foreground">{actionLabel(item.action)}</span>
              <span className="block truncate text-sm">{item.summary}</span>
            </span>
            <span className="shrink-0 text-xs text-muted-foreground">
              <RelativeTime iso={item.createdAt} />
            </span>
          </Link>
        </li>
      ))}
    </ol>
  );
}
