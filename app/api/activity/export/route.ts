import { assertCanExport, activityExportStream } from "@/lib/activity/export";
import { activityExportQuery, exportFileName } from "@/lib/activity/schema";
import { record } from "@/lib/activity/service";
import { activityExport } from "@/lib/activity/responses";
import { route } from "@/lib/route/handler";

const CONTENT_TYPES = { csv: "text/csv; charset=utf-8", json: "application/json; charset=utf-8" } as const;

export const GET = route({ auth: "user", doc: { summary: "Download the activity log as CSV or JSON", contentType: "text/csv", alternatives: { "application/json": activityExport } }, query: activityExportQuery }, async ({ user, query, req, ip }) => {
  assertCanExport(user);
  const { format, ...filters } = query;
  // Recorded once the whole file is out: a download given up halfway is not one.
  const recordDownload = (events: number) =>
    record({
      userUid: user.uid,
      action: "export.downloaded",
      summary: `Exported ${events.toLocaleString("en-US")} ${events === 1 ? "event" : "events"} of the activity log as ${format.toUpperCase()}`,
      metadata: { format, filters, events },
      req,
      ip,
    });
  return new Response(activityExportStream(user.uid, filters, format, recordDownload), {
    headers: {
      "content-type": CONTENT_TYPES[format],
      "content-disposition": `attachment; filename="${exportFileName(format)}"`,
    },
  });
});
