import { route } from "@/lib/route/handler";
import { previewImport } from "@/lib/import/service";
import { importBody, MAX_IMPORT_BYTES } from "@/lib/servers/mcp-config";
import { importPreview } from "@/lib/servers/responses";

/** What importing this `mcpServers` file or server.json would create and skip; changes nothing (a POST only for the body's size). */
export const POST = route(
  { auth: "user", doc: { summary: "Preview importing an mcpServers file or a server.json: what would be created and skipped", response: importPreview }, body: importBody, maxBodyBytes: MAX_IMPORT_BYTES + 8192 },
  async ({ user, body }) => previewImport(user, body),
);
