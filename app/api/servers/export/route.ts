import { json, route } from "@/lib/route/handler";
import { toConfigFile } from "@/lib/servers/mcp-config";
import { listServers } from "@/lib/servers/service";
import { mcpServersFile } from "@/lib/servers/responses";

/** Every server as an `mcpServers` file, header values as `${NAME}` placeholders (never the secrets). */
export const GET = route({ auth: "user", doc: { summary: "Export every server as an mcpServers file (header values as placeholders)", response: mcpServersFile } }, async ({ user }) =>
  json(toConfigFile(await listServers(user.uid, {})), 200, { "content-disposition": 'attachment; filename="mcp-servers.json"' }),
);
