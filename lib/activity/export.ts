import "server-only";
import { stringify } from "csv-stringify/sync";
import { planRequired } from "../http/errors";
import { effectiveSubscription, type PlanId } from "../plans/table";
import { activityPages, type ExportRow } from "./queries";
import { EXPORT_COLUMNS, type ActivityFilters, type ExportFormat } from "./schema";

const encoder = new TextEncoder();

function csvChunk(rows: ExportRow[], first: boolean): string {
  // escape_formulas: a summary or argument starting with "=" must not run as a spreadsheet formula.
  return stringify(rows, { header: first, columns: [...EXPORT_COLUMNS], escape_formulas: true });
}

/** One event as a JSON object; its details are already JSON text and go in as they are. */
function jsonEvent({ metadata, ...fields }: ExportRow): string {
  return `${JSON.stringify(fields).slice(0, -1)},"metadata":${metadata}}`;
}

function jsonChunk(rows: ExportRow[], first: boolean): string {
  return (first ? "[\n" : ",\n") + rows.map(jsonEvent).join(",\n");
}

/**
 * The user's matching events as a CSV or JSON document, produced page by page
 * as the client reads: a slow reader holds back the database, and memory
 * stays at one page whatever the size of the log. `onComplete` runs once the
 * last page is out, with the number of events; a download given up halfway
 * never calls it.
 */
export function activityExportStream(
  uid: string,
  filters: ActivityFilters,
  format: ExportFormat,
  onComplete: (events: number) => Promise<void>,
): ReadableStream<Uint8Array> {
  const pages = activityPages(uid, filters);
  let first = true;
  let events = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await pages.next();
          if (next.done) {
            if (format === "json") controller.enqueue(encoder.encode(first ? "[]\n" : "\n]\n"));
            else if (first) controller.enqueue(encoder.encode(csvChunk([], true)));
            await onComplete(events);
            controller.close();
            return;
          }
          const text = format === "csv" ? csvChunk(next.value, first) : jsonChunk(next.value, first);
          first = false;
          events += next.value.length;
          controller.enqueue(encoder.encode(text));
        } catch (err) {
          controller.error(err);
        }
      },
      async cancel() {
        await pages.return(undefined);
      },
    },
    // One page in flight at a time.
    { highWaterMark: 0 },
  );
}

/** Export is a paid feature; the free tier gets the plan_required answer its UI explains. */
export function assertCanExport(user: { subscriptionPlan: PlanId; subscriptionExpiresAt: Date | null }) {
  if (!effectiveSubscription(user.subscriptionPlan, user.subscriptionExpiresAt).features.dataExport) {
    throw planRequired("dataExport", "Exporting data needs the Pro or Enterprise plan.");
  }
}
