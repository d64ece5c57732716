import { route } from "@/lib/route/handler";
import { previewImport } from "@/lib/import/service";
import { importBody, MAX_IMPORT_BYTES } from "@/lib/servers/mcp-config";
import type { ImportPreview } from "@/lib/servers/schema";
import { importPreview } from "@/lib/servers/responses";

/** What importing this `mcpServers` file would create and skip; changes nothing (a POST only for the body's size). */
export const POST = route({ auth: "user", doc: { summary: "Preview importing an mcpServers file: what would be created and skipped", response: importPreview }, body: importBody, maxBodyBytes: MAX_IMPORT_BYTES + 1024 }, async ({ user, body }) => {
  const preview: ImportPreview = { entries: await previewImport(user, body.text) };
  return preview;
});
