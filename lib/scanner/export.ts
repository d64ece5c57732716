import "server-only";
import { version } from "../../package.json";
import { record } from "../activity/service";
import { env } from "../env";
import { notFound } from "../http/errors";
import { displayUrl } from "../mcp/errors";
import type { PlanHolder } from "../plans/holder";
import { SITE } from "../site";
import { requireFeature } from "./gates";
import { findOwnedServer } from "../servers/owned-server";
import { latestScan } from "./queries";
import { RULES } from "./rules";
import { toSarif } from "./sarif";
import type { FindingsExport, ScanExportFormat } from "./schema";
import type { Origin } from "./service";

export interface ExportFile {
  body: string;
  contentType: string;
  fileName: string;
}

const CONTENT_TYPES: Record<ScanExportFormat, string> = {
  sarif: "application/sarif+json; charset=utf-8",
  json: "application/json; charset=utf-8",
};

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "") || "server";

/** The latest scan's findings as SARIF 2.1.0 or JSON; a paid feature, recorded as `export.downloaded`. */
export async function exportFindings(user: PlanHolder, serverId: string, format: ScanExportFormat, origin: Origin = {}): Promise<ExportFile> {
  const server = await findOwnedServer(user.uid, serverId);
  requireFeature(user, "dataExport", "Exporting findings needs the Pro or Enterprise plan.");
  const scan = await latestScan(server.id);
  if (!scan) throw notFound("This server has not been scanned yet.");

  const url = displayUrl(server.url);
  const now = new Date();
  let document: unknown;
  if (format === "sarif") {
    document = toSarif({
      tool: { name: `${SITE.name} scanner`, version, informationUri: env().appUrl },
      server: { name: server.name, url },
      scan,
      rules: RULES,
    });
  } else {
    const { findings, findingsOmitted, ...summary } = scan;
    document = {
      server: { id: server.id, name: server.name, url, transport: server.transport },
      scan: summary,
      findings,
      findingsOmitted,
      exportedAt: now.toISOString(),
    } satisfies FindingsExport;
  }

  await record({
    userUid: user.uid,
    action: "export.downloaded",
    summary: `Exported ${scan.findings.length} ${scan.findings.length === 1 ? "finding" : "findings"} of ${server.name} as ${format.toUpperCase()}`,
    target: { type: "server", id: server.id },
    metadata: { format, scanId: scan.id, findings: scan.findings.length },
    req: origin.req,
    ip: origin.ip,
  });
  return {
    body: JSON.stringify(document, null, 2),
    contentType: CONTENT_TYPES[format],
    fileName: `mcp-console-scan-${slug(server.name)}-${now.toISOString().slice(0, 10)}.${format}`,
  };
}
