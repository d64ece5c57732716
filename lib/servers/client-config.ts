import { slugify } from "../slug";
import { configEntry } from "./mcp-config";
import type { ServerDto } from "./schema";

/**
 * The server as an entry of an MCP client's configuration file (the
 * `mcpServers` object that Claude Code, Cursor and others read; VS Code
 * reads the same entry under `servers`),
 * so that what was tried in the console can be used elsewhere: the same
 * entry as the export's, keyed by the name's slug. Secret values are never
 * sent back to the browser: they appear as `${NAME}` placeholders, which
 * Claude Code fills from the environment.
 */
export function clientConfig(server: Pick<ServerDto, "name" | "transport" | "url" | "headers" | "stdio">): string {
  const key = slugify(server.name) || "server";
  return JSON.stringify({ mcpServers: { [key]: configEntry(server) } }, null, 2);
}
