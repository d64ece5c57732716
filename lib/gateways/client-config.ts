import { slugify } from "../slug";

/**
 * A gateway as the common MCP clients are configured with it, ready to paste.
 *
 * Sign-in first: each client is given only the gateway's URL, finds the
 * console as its authorization server (OAuth, from the endpoint's 401) and
 * signs in on first use, so the configuration holds no secret and can sit in
 * a project's files. Tokens second, kept out of files where the client
 * allows it: VS Code prompts for one (`inputs`), Cursor reads one from the
 * environment, Claude Code keeps its header in the person's own
 * configuration. Only the commands that must carry a token get the fresh
 * one the console shows once; otherwise they hold a placeholder.
 */

export const TOKEN_PLACEHOLDER = "<your gateway token>";

export type ClientId = "claude-code" | "cursor" | "vscode" | "generic";

export interface ClientSnippet {
  id: ClientId;
  label: string;
  /** Where it goes: a shell, or a file and its path. */
  where: string;
  text: string;
  /** What happens next, in a sentence: where the person signs in, or where the token comes from. */
  next: string;
  /** The client's own install link, where it offers one: the configuration added in one click. */
  install?: { label: string; href: string };
}

interface Gateway {
  name: string;
  url: string;
}

const LABELS: Record<ClientId, string> = { "claude-code": "Claude Code", cursor: "Cursor", vscode: "VS Code", generic: "Other" };
const CURSOR_FILE = ".cursor/mcp.json (this project) or ~/.cursor/mcp.json (every project)";
const json = (value: unknown) => JSON.stringify(value, null, 2);

/** The name clients list the gateway under: letters, digits and hyphens, which every client and shell takes as they are. */
export const clientKey = (gatewayName: string) => slugify(gatewayName, 40) || "gateway";

/** The environment variable Cursor reads the gateway's token from: one per gateway, so that two gateways' tokens do not clash. */
export const tokenVariable = (gatewayName: string) => `MCPC_${clientKey(gatewayName).toUpperCase().replace(/-/g, "_")}_TOKEN`;

/** VS Code's install link (its `vscode:mcp/install` URL handler): the server entry with its name, as JSON in the query. */
export function vscodeInstallUrl(gateway: Gateway): string {
  return `vscode:mcp/install?${encodeURIComponent(JSON.stringify({ name: clientKey(gateway.name), type: "http", url: gateway.url }))}`;
}

/** Cursor's install deeplink: the server's name, and its mcp.json entry as base64 of its JSON. */
export function cursorInstallUrl(gateway: Gateway): string {
  // The URL is ASCII (an origin and a slug), which btoa takes as it is, in the browser and in Node alike.
  const config = btoa(JSON.stringify({ url: gateway.url }));
  return `cursor://anysphere.cursor-deeplink/mcp/install?${new URLSearchParams({ name: clientKey(gateway.name), config })}`;
}

/** Where a client finds the gateway's authorization server (RFC 9728): the endpoint's path under the origin's well-known address. */
export function resourceMetadataUrl(gateway: Gateway): string {
  const url = new URL(gateway.url);
  return `${url.origin}/.well-known/oauth-protected-resource${url.pathname}`;
}

/** Each client's configuration that signs in with OAuth on first use: no secret in any of them. */
export function signInSnippets(gateway: Gateway): ClientSnippet[] {
  const key = clientKey(gateway.name);
  const consent = "your browser opens the console's consent page; allow the app there. Settings → Connected apps lists it and revokes it.";
  return [
    {
      id: "claude-code",
      label: LABELS["claude-code"],
      where: "In a terminal",
      text: `claude mcp add --transport http ${key} ${gateway.url}`,
      next: `Then run /mcp in Claude Code and choose "${key}" to sign in: ${consent}`,
    },
    {
      id: "cursor",
      label: LABELS.cursor,
      where: CURSOR_FILE,
      text: json({ mcpServers: { [key]: { url: gateway.url } } }),
      next: `Cursor's MCP settings show "${key}" as needing sign-in; sign in there: ${consent}`,
      install: { label: "Install in Cursor", href: cursorInstallUrl(gateway) },
    },
    {
      id: "vscode",
      label: LABELS.vscode,
      where: ".vscode/mcp.json (this project), or MCP: Open User Configuration (every project)",
      // "http" is VS Code's name for Streamable HTTP.
      text: json({ servers: { [key]: { type: "http", url: gateway.url } } }),
      next: `VS Code asks you to sign in when "${key}" first starts: ${consent}`,
      install: { label: "Install in VS Code", href: vscodeInstallUrl(gateway) },
    },
    {
      id: "generic",
      label: LABELS.generic,
      where: "Any client that speaks Streamable HTTP and MCP's OAuth sign-in",
      text: [
        `URL:        ${gateway.url}`,
        "Transport:  Streamable HTTP",
        "Sign-in:    OAuth 2.1 with PKCE; dynamic client registration or a client ID metadata document",
        `Discovery:  ${resourceMetadataUrl(gateway)}`,
        "",
        json({ mcpServers: { [key]: { type: "http", url: gateway.url } } }),
      ].join("\n"),
      next: `Give the client the URL alone: its first request is answered 401 with where to sign in, and ${consent}`,
    },
  ];
}

/** Each client's configuration with a gateway token: prompted for or read from the environment where the client can, so that no file holds it. */
export function tokenSnippets(gateway: Gateway, token: string | null): ClientSnippet[] {
  const key = clientKey(gateway.name);
  const bearer = `Bearer ${token ?? TOKEN_PLACEHOLDER}`;
  const input = `${key}-token`;
  const variable = tokenVariable(gateway.name);
  const initialize = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "curl", version: "1.0.0" } },
  });
  return [
    {
      id: "claude-code",
      label: LABELS["claude-code"],
      where: "In a terminal",
      text: `claude mcp add --transport http ${key} ${gateway.url} --header "Authorization: ${bearer}"`,
      next: "Claude Code keeps the header in your own configuration (~/.claude.json), not in the project's files.",
    },
    {
      id: "cursor",
      label: LABELS.cursor,
      where: CURSOR_FILE,
      text: json({ mcpServers: { [key]: { url: gateway.url, headers: { Authorization: `Bearer \${env:${variable}}` } } } }),
      next: `Cursor reads the token from the environment variable ${variable}: set it where Cursor starts. The file holds no token.`,
    },
    {
      id: "vscode",
      label: LABELS.vscode,
      where: ".vscode/mcp.json (this project), or MCP: Open User Configuration (every project)",
      text: json({
        inputs: [{ type: "promptString", id: input, description: `Gateway token for ${gateway.name}`, password: true }],
        servers: { [key]: { type: "http", url: gateway.url, headers: { Authorization: `Bearer \${input:${input}}` } } },
      }),
      next: "VS Code asks for the token when the server first starts and keeps it in its secret storage. The file holds no token.",
    },
    {
      id: "generic",
      label: LABELS.generic,
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
      next: "Every request carries the header. Keep the token out of files you commit.",
    },
  ];
}
