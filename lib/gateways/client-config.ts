import { slugify } from "../slug";

/**
 * A gateway as the common MCP clients are configured with it: each one's
 * command or file, ready to paste. Without a token the snippets hold a
 * placeholder; the console puts a fresh token in only while it shows it once.
 */

export const TOKEN_PLACEHOLDER = "<your gateway token>";

export interface ClientSnippet {
  id: "claude-code" | "cursor" | "vscode" | "generic";
  label: string;
  /** Where it goes: a shell, or a file and its path. */
  where: string;
  text: string;
}

/** The name clients list the gateway under: letters, digits and hyphens, which every client and shell takes as they are. */
export const clientKey = (gatewayName: string) => slugify(gatewayName, 40) || "gateway";

export function clientSnippets(gateway: { name: string; url: string }, token: string | null): ClientSnippet[] {
  const key = clientKey(gateway.name);
  const bearer = `Bearer ${token ?? TOKEN_PLACEHOLDER}`;
  const headers = { Authorization: bearer };
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  const initialize = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "curl", version: "1.0.0" } },
  });
  return [
    {
      id: "claude-code",
      label: "Claude Code",
      where: "In a terminal",
      text: `claude mcp add --transport http ${key} ${gateway.url} --header "Authorization: ${bearer}"`,
    },
    {
      id: "cursor",
      label: "Cursor",
      where: ".cursor/mcp.json (this project) or ~/.cursor/mcp.json (every project)",
      text: json({ mcpServers: { [key]: { url: gateway.url, headers } } }),
    },
    {
      id: "vscode",
      label: "VS Code",
      where: ".vscode/mcp.json",
      // "http" is VS Code's name for Streamable HTTP.
      text: json({ servers: { [key]: { type: "http", url: gateway.url, headers } } }),
    },
    {
      id: "generic",
      label: "Other clients",
      where: "Any client that speaks Streamable HTTP; the request below checks the endpoint from a terminal",
      text: [
        `URL:       ${gateway.url}`,
        "Transport: Streamable HTTP",
        `Header:    Authorization: ${bearer}`,
        "",
        `curl -sS ${gateway.url} \\`,
        `  -H "Authorization: ${bearer}" \\`,
        `  -H "Content-Type: application/json" -H "Accept: application/json, text/event-stream" \\`,
        `  -d '${initialize}'`,
      ].join("\n"),
    },
  ];
}
