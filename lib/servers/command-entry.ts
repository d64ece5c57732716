import { isRecord } from "../guards";
import { EXACT_VERSION } from "../stdio/config";
import { stdioServerCreate, type StdioServerCreate } from "./stdio-schema";

/**
 * A `command` entry of an `mcpServers` file, read: `npx` of a pinned npm package becomes a stdio
 * server the console runs in its sandbox; any other command is skipped with the reason. Pure: the
 * preview and the import read it the same way. npx of a package without an exact version is
 * `unpinned`, with what it asks for (`wants`): the import asks the registry which version that is
 * today and reads the entry again pinned to it (`pinned`).
 */

export type CommandEntry =
  | { ok: true; input: StdioServerCreate }
  | { ok: false; kind: "unsupported" | "placeholder" | "invalid"; reason: string }
  | { ok: false; kind: "unpinned"; reason: string; wants: { identifier: string; range: string } };

/** What other commands run, for the reason they are skipped. */
const OTHER_RUNNERS: Record<string, string> = {
  uvx: "a Python package (uvx)",
  uv: "a Python package (uv)",
  python: "a Python program",
  python3: "a Python program",
  pipx: "a Python package (pipx)",
  docker: "a Docker image",
  podman: "a container image",
  node: "a Node.js file on the machine that wrote the file",
  deno: "a Deno program",
  bunx: "a package run by Bun",
};

/** npx's own options that take no value and change nothing about what runs. */
const NPX_FLAGS = new Set(["-y", "--yes", "-q", "--quiet", "--silent"]);

const PLACEHOLDER = /\$\{[^}]+\}/;

/** `npx` wherever the file says it lives (`/usr/local/bin/npx`, `npx.cmd` on Windows). */
function programName(command: string): string {
  return (command.split(/[\\/]/).pop() ?? command).replace(/\.(cmd|exe)$/i, "").toLowerCase();
}

/** `@scope/name@1.2.3` → name and version (empty when none is written). */
export function splitPackageSpec(spec: string): { identifier: string; version: string } {
  const at = spec.indexOf("@", spec.startsWith("@") ? 1 : 0);
  return at < 0 ? { identifier: spec, version: "" } : { identifier: spec.slice(0, at), version: spec.slice(at + 1) };
}

/** Reads an entry that has a `command`: `name` is the entry's key, which names the server; `pinned`, the exact version to read an unpinned package as. */
export function readCommandEntry(name: string, raw: Record<string, unknown>, pinned?: string): CommandEntry {
  if (typeof raw.command !== "string" || !raw.command.trim()) return { ok: false, kind: "invalid", reason: "The entry's command is not a string." };
  const program = programName(raw.command.trim());
  if (program !== "npx") {
    const what = OTHER_RUNNERS[program];
    return {
      ok: false,
      kind: "unsupported",
      reason: `${what ? `It runs ${what}` : `It runs the command "${program}"`}: the console runs only npm packages (npx) in its sandbox for now.`,
    };
  }
  const args = raw.args ?? [];
  if (!Array.isArray(args) || !args.every((a): a is string => typeof a === "string")) return { ok: false, kind: "invalid", reason: "The entry's args are not a list of strings." };
  const specAt = args.findIndex((a) => !NPX_FLAGS.has(a));
  const spec = args[specAt];
  if (spec === undefined) return { ok: false, kind: "invalid", reason: "npx is given no package to run." };
  if (spec.startsWith("-")) return { ok: false, kind: "unsupported", reason: `npx's option ${spec} is not supported: write the package first, e.g. npx -y <package>@<version>.` };
  const { identifier, version: written } = splitPackageSpec(spec);
  const version = EXACT_VERSION.test(written) ? written : pinned;
  if (!version) {
    return {
      ok: false,
      kind: "unpinned",
      reason: `${written ? `"${written}" is not an exact version` : "No version is given"}: the console installs one exact version. Write it as ${identifier}@<version> (e.g. 1.2.3).`,
      wants: { identifier, range: written },
    };
  }
  const env = isRecord(raw.env) ? raw.env : {};
  const placeholder = Object.entries(env).find(([, v]) => typeof v === "string" && PLACEHOLDER.test(v));
  if (placeholder) return { ok: false, kind: "placeholder", reason: `The ${placeholder[0]} variable is a placeholder (${String(placeholder[1])}): put its value in the file first.` };
  const parsed = stdioServerCreate.safeParse({
    name,
    transport: "stdio",
    package: { registryType: "npm", identifier, version },
    args: args.slice(specAt + 1),
    env,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, kind: "invalid", reason: `${issue.path.join(".") || "entry"}: ${issue.message}` };
  }
  return { ok: true, input: parsed.data };
}
