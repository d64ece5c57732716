import { route } from "@/lib/route/handler";
import { exportFindings } from "@/lib/scanner/export";
import { scanExportQuery, serverParams } from "@/lib/scanner/schema";
import { findingsExport } from "@/lib/scanner/responses";

export const GET = route({ auth: "user", doc: { summary: "Download the latest scan as SARIF or JSON", contentType: "application/sarif+json", alternatives: { "application/json": findingsExport } }, params: serverParams, query: scanExportQuery }, async ({ user, params, query, req, ip }) => {
  const file = await exportFindings(user, params.id, query.format, { req, ip });
  return new Response(file.body, {
    headers: { "content-type": file.contentType, "content-disposition": `attachment; filename="${file.fileName}"` },
  });
});
