import { json, route } from "@/lib/route/handler";
import { importServers } from "@/lib/import/service";
import { importBody, MAX_IMPORT_BYTES } from "@/lib/servers/mcp-config";
import { importResult } from "@/lib/servers/responses";

/**
 * Creates the servers of an `mcpServers` file (or the chosen option of a server.json), each
 * connected and discovered; says what was skipped and why.
 */
export const POST = route(
  { auth: "user", doc: { summary: "Import the servers of an mcpServers file or a server.json", status: 201, response: importResult }, body: importBody, maxBodyBytes: MAX_IMPORT_BYTES + 8192 },
  async ({ user, body, req, ip, log }) => json(await importServers(user, body, { req, ip, log }), 201),
);
