import "server-only";
import { stringify } from "csv-stringify/sync";
import { record } from "../activity/service";
import { assertCanExport } from "../activity/export";
import type { PlanHolder } from "../plans/holder";
import { findOwnedServer } from "../servers/owned-server";
import type { Origin } from "../servers/service";
import { slugify } from "../slug";
import type { CheckDto, IncidentDto } from "./schema";
import { listChecks, listIncidents } from "./service";

/**
 * A server's checks or incidents as CSV, newest first, produced page by page
 * as the client reads (as the activity log's export is): memory stays at one
 * page however long the history. A paid feature (dataExport), recorded as
 * `export.downloaded` once the whole file is out.
 */

export type MonitoringExport = "checks" | "incidents";

const PAGE = 1_000;
const encoder = new TextEncoder();

const CHECK_COLUMNS = ["started_at", "due_at", "trigger", "result", "latency_ms", "connect_ms", "initialize_ms", "ping_ms", "list_ms", "failure_kind", "reason", "tool_count", "tools_changed"];
const INCIDENT_COLUMNS = ["opened_at", "closed_at", "duration_sec", "failure_kind", "reason", "failed_checks"];

const checkRow = (c: CheckDto) => [
  c.startedAt,
  c.dueAt,
  c.trigger,
  c.result,
  c.latencyMs,
  c.phases.connectMs,
  c.phases.initializeMs,
  c.phases.pingMs,
  c.phases.listMs,
  c.failureKind,
  c.reason,
  c.toolCount,
  c.toolsChanged,
];
const incidentRow = (i: IncidentDto) => [i.openedAt, i.closedAt, i.durationSec, i.failureKind, i.reason, i.failedChecks];

async function* rowPages(uid: string, serverId: string, kind: MonitoringExport): AsyncGenerator<unknown[][]> {
  let cursor: string | undefined;
  do {
    if (kind === "checks") {
      const page = await listChecks(uid, serverId, { cursor, limit: PAGE });
      yield page.checks.map(checkRow);
      cursor = page.nextCursor ?? undefined;
    } else {
      const page = await listIncidents(uid, serverId, { cursor, limit: PAGE });
      yield page.incidents.map(incidentRow);
      cursor = page.nextCursor ?? undefined;
    }
  } while (cursor);
}

export interface MonitoringExportFile {
  body: ReadableStream<Uint8Array>;
  fileName: string;
}

export async function exportMonitoring(user: PlanHolder, serverId: string, kind: MonitoringExport, origin: Origin = {}): Promise<MonitoringExportFile> {
  const server = await findOwnedServer(user.uid, serverId);
  assertCanExport(user);
  const pages = rowPages(user.uid, server.id, kind);
  const columns = kind === "checks" ? CHECK_COLUMNS : INCIDENT_COLUMNS;
  let first = true;
  let rows = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await pages.next();
          if (next.done) {
            if (first) controller.enqueue(encoder.encode(stringify([], { header: true, columns })));
            await record({
              userUid: user.uid,
              action: "export.downloaded",
              summary: `Exported ${rows.toLocaleString("en-US")} ${kind === "checks" ? (rows === 1 ? "check" : "checks") : rows === 1 ? "incident" : "incidents"} of ${server.name} as CSV`,
              target: { type: "server", id: server.id },
              metadata: { format: "csv", kind, rows },
              req: origin.req,
              ip: origin.ip,
            });
            controller.close();
            return;
          }
          // escape_formulas: a reason starting with "=" must not run as a spreadsheet formula.
          controller.enqueue(encoder.encode(stringify(next.value, { header: first, columns, escape_formulas: true })));
          first = false;
          rows += next.value.length;
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
  return { body, fileName: `mcp-console-${kind}-${slugify(server.name, 60) || "server"}-${new Date().toISOString().slice(0, 10)}.csv` };
}
