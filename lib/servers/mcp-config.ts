import { z } from "zod";
import { isRecord } from "../guards";
import { serverCreate, type McpServersFile, type ServerCreate } from "./schema";
import type { ServerTransport } from "../mcp/types";
import { readCommandEntry } from "./command-entry";
import type { StdioDto, StdioServerCreate } from "./stdio-schema";
import { isServerJson, readServerJson, type ServerJsonOption } from "./server-json";

/**
 * `mcpServers` configuration files, the shape the ecosystem keeps its
 * servers in: Claude Desktop and Claude Code (`mcpServers`, `type`), Cursor
 * (`mcpServers`, a bare `url`), VS Code (`servers`, `type`) and the
 * `transport` spelling some tools use. Pure: the browser previews with it
 * as much as the server imports with it.
 */

export const MAX_IMPORT_BYTES = 256 * 1024;
export const MAX_IMPORT_ENTRIES = 100;

/**
 * The file as text, or the URL it is published at (read through the guarded fetch). For a
 * server.json, `choice` names the option to create and `values` fill in what it asks for.
 */
export const importBody = z
  .object({
    text: z.string().max(MAX_IMPORT_BYTES, "The file is larger than 256 KB.").optional(),
    url: z.url({ protocol: /^https?$/, error: "Enter an http:// or https:// URL." }).max(2048, "The URL is too long.").optional(),
    choice: z.string().max(32).optional().describe("A server.json's option to create (`remote:<n>` or `package:<n>`); the first that can be created when left out."),
    values: z
      .record(z.string().max(300), z.string().max(4096, "Values are at most 4096 characters."))
      .refine((v) => Object.keys(v).length <= 100, "At most 100 values.")
      .default({})
      .describe("A server.json's inputs, by input id (see the preview's `inputs`): secrets among them are stored encrypted and never returned."),
  })
  .superRefine((b, ctx) => {
    if (!b.text?.trim() && !b.url) ctx.addIssue({ code: "custom", path: ["text"], message: "Paste a configuration file or choose one." });
    else if (b.text?.trim() && b.url) ctx.addIssue({ code: "custom", path: ["url"], message: "Give the file or its URL, not both." });
  });
export type ImportBody = z.infer<typeof importBody>;
/** The body as a client sends it (`values` may be left out). */
export type ImportRequest = z.input<typeof importBody>;

/**
 * Why an entry of the file is not created. `unsupported`: a command other than npx (docker, uvx…);
 * `unpinned`: npx of a package without an exact version; `sandbox_unavailable`: this console cannot
 * run stdio servers; `install_failed`: npm could not install the package.
 */
export const SKIP_KINDS = [
  "unsupported",
  "unpinned",
  "invalid",
  "placeholder",
  "duplicate",
  "plan_limit",
  "address_refused",
  "sandbox_unavailable",
  "install_failed",
] as const;
export type SkipKind = (typeof SKIP_KINDS)[number];

/**
 * One entry of the file, read: either a server to create or why it cannot be. npx of a package
 * without an exact version says what it asks for and reads again pinned to a version (`pin`).
 */
export type ConfigEntry =
  | { name: string; ok: true; input: ServerCreate | StdioServerCreate }
  | { name: string; ok: false; kind: SkipKind; reason: string; wants?: { identifier: string; range: string }; pin?: (version: string) => ConfigEntry };

const STREAMABLE = new Set(["http", "streamable-http", "streamablehttp", "streamable_http"]);

function transportOf(declared: unknown, url: string): ServerTransport | null {
  if (typeof declared === "string") {
    const t = declared.toLowerCase();
    if (t === "stdio") return "stdio";
    if (t === "sse") return "sse";
    return STREAMABLE.has(t) ? "streamable-http" : null;
  }
  // Cursor writes a bare URL for both transports: an `/sse` path is the old SSE endpoint by convention.
  return /\/sse\/?$/i.test(new URL(url).pathname) ? "sse" : "streamable-http";
}

/** `${VAR}`, `${env:VAR}`, `${input:id}`: a value only the editor that wrote the file can fill in. */
const PLACEHOLDER = /\$\{[^}]+\}/;

function readEntry(name: string, raw: unknown): ConfigEntry {
  if (!isRecord(raw)) return { name, ok: false, kind: "invalid", reason: "The entry is not an object." };
  const declared = raw.type ?? raw.transport;
  const url = raw.url ?? raw.serverUrl;
  if (declared === "stdio" || (url === undefined && raw.command !== undefined)) {
    const read = readCommandEntry(name, raw);
    if (read.ok) return { name, ok: true, input: read.input };
    if (read.kind !== "unpinned") return { name, ...read };
    return {
      name,
      ...read,
      pin: (version) => {
        const pinned = readCommandEntry(name, raw, version);
        return pinned.ok ? { name, ok: true, input: pinned.input } : { name, ...pinned };
      },
    };
  }
  if (typeof url !== "string") return { name, ok: false, kind: "invalid", reason: "The entry has no url." };
  let transport: ReturnType<typeof transportOf>;
  try {
    transport = transportOf(declared, url);
  } catch {
    return { name, ok: false, kind: "invalid", reason: "The url is not a valid URL." };
  }
  if (transport === null) return { name, ok: false, kind: "invalid", reason: `Unknown transport "${String(declared)}".` };
  if (transport === "stdio") return { name, ok: false, kind: "invalid", reason: "A url with transport stdio: a stdio server has a command, not a url." };
  const headers = isRecord(raw.headers) ? raw.headers : {};
  const placeholder = Object.entries(headers).find(([, v]) => typeof v === "string" && PLACEHOLDER.test(v));
  if (placeholder) {
    return { name, ok: false, kind: "placeholder", reason: `The ${placeholder[0]} header is a placeholder (${placeholder[1]}): put its value in the file first.` };
  }
  const parsed = serverCreate.safeParse({ name, transport, url, headers });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { name, ok: false, kind: "invalid", reason: `${issue.path.join(".") || "entry"}: ${issue.message}` };
  }
  return { name, ok: true, input: parsed.data };
}

/** A file to import: an `mcpServers` file's entries, or a server.json's options (one of which is created). */
export type ImportFile = { format: "mcpServers"; entries: ConfigEntry[] } | { format: "server.json"; options: ServerJsonOption[] };

/** Reads either format; throws a message for a file that is neither. */
export function readImportFile(text: string): ImportFile {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new ConfigFileError("This is not JSON. Paste the whole configuration file.");
  }
  if (isServerJson(doc)) {
    const options = readServerJson(doc);
    if (options.length === 0) throw new ConfigFileError("This server.json lists no remotes and no packages.");
    return { format: "server.json", options };
  }
  return { format: "mcpServers", entries: readConfigEntries(doc) };
}

/** The entries of an `mcpServers` file, in file order. */
function readConfigEntries(doc: unknown): ConfigEntry[] {
  const list = isRecord(doc) ? (doc.mcpServers ?? doc.servers) : undefined;
  if (!isRecord(list)) throw new ConfigFileError('No "mcpServers" (or VS Code "servers") object in this file, and it is not a server.json of the MCP Registry.');
  const entries = Object.entries(list);
  if (entries.length > MAX_IMPORT_ENTRIES) throw new ConfigFileError(`The file lists ${entries.length} servers; import at most ${MAX_IMPORT_ENTRIES} at once.`);
  return entries.map(([name, raw]) => readEntry(name, raw));
}

export class ConfigFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigFileError";
  }
}

/** `Authorization` → `${AUTHORIZATION}`: the export's placeholder, which Claude Code fills from the environment. */
export const headerPlaceholder = (header: string) => `\${${header.toUpperCase().replace(/[^A-Z0-9]+/g, "_")}}`;

type ConfigSource = { transport: ServerTransport; url: string; headers: { name: string }[]; stdio?: StdioDto };

/** One server as an `mcpServers` entry: secrets (header and variable values) only as placeholders. */
export function configEntry(s: ConfigSource) {
  return s.stdio
    ? {
        // Run as other clients run it: npx of the pinned package (outside the console's sandbox, on the user's own machine).
        command: "npx" as const,
        args: ["-y", `${s.stdio.package.identifier}@${s.stdio.package.version}`, ...s.stdio.args],
        ...(s.stdio.env.length ? { env: Object.fromEntries(s.stdio.env.map((name) => [name, `\${${name}}`])) } : {}),
      }
    : {
        type: s.transport === "sse" ? ("sse" as const) : ("http" as const),
        url: s.url,
        ...(s.headers.length ? { headers: Object.fromEntries(s.headers.map((h) => [h.name, headerPlaceholder(h.name)])) } : {}),
      };
}

/** The export: every server as an `mcpServers` entry. */
export function toConfigFile(list: (ConfigSource & { name: string })[]): McpServersFile {
  return { mcpServers: Object.fromEntries(list.map((s) => [s.name, configEntry(s)])) };
}

