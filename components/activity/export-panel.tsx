"use client";

import { Download, Lock } from "lucide-react";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { activityQueryString, type ActivityViewFilters } from "@/lib/activity/keys";
import { EXPORT_COLUMNS, EXPORT_FORMATS, type ActivityItem, type ExportFormat } from "@/lib/activity/schema";

const UPGRADE_HREF = `/support?category=billing&subject=${encodeURIComponent("Upgrade to Pro for data export")}`;

/** What one exported row holds, from an event already on screen (details elided). */
function samplePreview(event: ActivityItem): Record<(typeof EXPORT_COLUMNS)[number], string> {
  return {
    id: event.id,
    createdAt: event.createdAt,
    action: event.action,
    summary: event.summary,
    targetType: event.target?.type ?? "",
    targetId: event.target?.id ?? "",
    ip: "…",
    userAgent: "…",
    metadata: "{…}",
  };
}

/**
 * Export for plans with dataExport; for the others, the same panel says what
 * the file would hold and how to get the feature, instead of a dead button.
 */
export function ExportPanel({
  canExport,
  filters,
  sample,
}: {
  canExport: boolean;
  filters: ActivityViewFilters;
  sample: ActivityItem | undefined;
}) {
  if (canExport) {
    const href = (format: ExportFormat) => `/api/activity/export?${activityQueryString(filters, { format })}`;
    return (
      <section aria-labelledby="export-heading" className="flex flex-wrap items-center gap-3 rounded-xl border p-4">
        <div className="min-w-0 flex-1">
          <h2 id="export-heading" className="font-semibold">
            Export
          </h2>
          <p className="text-sm text-muted-foreground">Every event that matches the filters, as a file.</p>
        </div>
        {EXPORT_FORMATS.map((format) => (
          <Button key={format} asChild variant="outline">
            <a href={href(format)} download>
              <Download aria-hidden="true" />
              Export {format.toUpperCase()}
            </a>
          </Button>
        ))}
      </section>
    );
  }

  const preview = sample ? samplePreview(sample) : null;
  return (
    <section aria-labelledby="export-heading" className="rounded-xl border border-dashed p-4">
      <div className="flex flex-wrap items-center gap-2">
        <Lock aria-hidden="true" className="size-4 text-muted-foreground" />
        <h2 id="export-heading" className="font-semibold">
          Export to CSV or JSON
        </h2>
        <Badge variant="secondary">Pro</Badge>
      </div>
      <p className="mt-2 text-sm text-muted-foreground">
        With the Pro or Enterprise plan you can download every event that matches these filters — however many there
        are — as a CSV file for spreadsheets or a JSON file for scripts. Each row holds: {EXPORT_COLUMNS.join(", ")}.
        Pro also unlocks full monitoring, the full scanner and exports of checks and findings.
      </p>
      {preview ? (
        // Focusable so that keyboard users can scroll the wide preview too.
        <div className="mt-3 overflow-x-auto" tabIndex={0} role="group" aria-label="Export preview">
          <table className="w-full text-left text-xs">
            <caption className="pb-1 text-left text-muted-foreground">A row of your export would look like this:</caption>
            <thead>
              <tr>
                {EXPORT_COLUMNS.map((c) => (
                  <th key={c} scope="col" className="border-b px-2 py-1 font-medium">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                {EXPORT_COLUMNS.map((c) => (
                  <td key={c} className="px-2 py-1 font-mono whitespace-nowrap">
                    {preview[c]}
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </div>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button asChild>
          <Link href={UPGRADE_HREF}>Ask for the Pro plan</Link>
        </Button>
        <Button asChild variant="ghost">
          <Link href="/settings#plan">See your plan</Link>
        </Button>
      </div>
    </section>
  );
}
