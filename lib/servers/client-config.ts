import { slugify } from "../slug";
import type { ServerDto } from "./schema";

/**
 * The server as an entry of an MCP client's configuration file (the
 * `mcpServers` object that Claude Code, VS Code, Cursor and others read),
 * so that what was tried in the console can be used elsewhere. Header values
 * are never sent back to the browser: they appear as placeholders to fill in.
 */
export function clientConfig(server: Pick<ServerDto, "name" | "transport" | "url" | "headers">): string {
  const key = slugify(server.name) || "server";
  const headers = Object.fromEntries(server.headers.map((h) => [h.name, `<your ${h.name} value>`]));
  const entry = {
    // "http" is these clients' name for Streamable HTTP.
    type: server.transport === "sse" ? "sse" : "http",
    url: server.url,
    ...(server.headers.length > 0 ? { headers } : {}),
  };
  return JSON.stringify({ mcpServers: { [key]: entry } }, null, 2);
}
