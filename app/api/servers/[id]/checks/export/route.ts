import { z } from "zod";
import { route } from "@/lib/route/handler";
import { exportMonitoring } from "@/lib/monitoring/export";

export const GET = route({ auth: "user", doc: { summary: "Download the server's checks as CSV", contentType: "text/csv" }, params: z.object({ id: z.string() }) }, async ({ user, params, req, ip }) => {
  const file = await exportMonitoring(user, params.id, "checks", { req, ip });
  return new Response(file.body, {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${file.fileName}"` },
  });
});
