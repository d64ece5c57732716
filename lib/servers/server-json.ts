import { z } from "zod";
import { isRecord } from "../guards";
import { EXACT_VERSION } from "../stdio/config";
import type { ServerTransport } from "../mcp/types";
import { serverCreate } from "./schema";
import { stdioServerCreate, type AnyServerCreate } from "./stdio-schema";

/**
 * A `server.json` of the MCP Registry: one server, offered as remote endpoints (`remotes[]`) and
 * as packages to run (`packages[]`). Each is an option of which the import creates one. What the
 * file leaves open (URL variables, header and environment values, package arguments) is asked
 * for as `inputs`, and filled in by `resolveOption`. Pure: the preview and the import read it the
 * same way.
 *
 * What is not taken: packages other than npm, packages that listen on a port of their own
 * (transport other than stdio), versions that are not exact, and `runtimeArguments` (the flags of
 * npx or docker: the console runs the package's program itself, in its sandbox).
 */

export const MAX_OPTIONS = 20;
const MAX_INPUTS = 100;

export const importInput = z.object({
  id: z.string().describe("What the value is sent as in `values`: `url:<variable>`, `header:<name>`, `env:<name>` or `arg:<n>`, with `:<variable>` for a variable of a fixed value."),
  label: z.string(),
  description: z.string().optional(),
  required: z.boolean(),
  secret: z.boolean().describe("A password, token or key: typed masked, stored encrypted, never shown again."),
  default: z.string().optional(),
  choices: z.array(z.string()).optional(),
});
export type ImportInput = z.infer<typeof importInput>;

/** Why an option of the file cannot be created, in the import's skip kinds. */
type OptionProblem = { kind: "unsupported" | "unpinned" | "invalid"; reason: string };

/** One way to run the server: what the preview shows, what it asks, and why it cannot be taken, if so. */
export interface ServerJsonOption {
  key: string;
  name: string;
  transport: ServerTransport;
  /** A remote's URL as written (variables in braces); a package as `npm:<identifier>@<version>`. */
  url: string;
  headerNames: string[];
  envNames: string[];
  inputs: ImportInput[];
  problem?: OptionProblem;
  /** The remote or package as the file has it, read again by `resolveOption`. */
  source: Record<string, unknown>;
}

/** Values typed for the inputs, by input id. */
export type InputValues = Record<string, string>;

export function isServerJson(doc: unknown): doc is Record<string, unknown> {
  return isRecord(doc) && typeof doc.name === "string" && (Array.isArray(doc.remotes) || Array.isArray(doc.packages)) && !("mcpServers" in doc);
}

const text = (v: unknown) => (typeof v === "string" ? v : undefined);
const list = (v: unknown) => (Array.isArray(v) ? v.filter(isRecord) : []);

/** The Registry's `Input`, as a question; `label` names it where the file gives no better name. */
function inputOf(id: string, label: string, raw: Record<string, unknown>, required = raw.isRequired === true): ImportInput {
  const choices = Array.isArray(raw.choices) ? raw.choices.filter((c): c is string => typeof c === "string") : [];
  return {
    id,
    label,
    description: text(raw.description),
    required,
    secret: raw.isSecret === true,
    default: text(raw.default),
    ...(choices.length ? { choices } : {}),
  };
}

/** `{name}` in a template: the names of the variables it uses. */
function templateNames(template: string): string[] {
  return [...template.matchAll(/\{([A-Za-z0-9_.-]+)\}/g)].map((m) => m[1]);
}

/**
 * The questions of a key-value input (a header, an environment variable, an argument): its value
 * when the file leaves it open, or the variables of the fixed value it gives.
 */
function keyValueInputs(id: string, label: string, raw: Record<string, unknown>): ImportInput[] {
  const fixed = text(raw.value);
  if (fixed === undefined) return [inputOf(id, label, raw)];
  const variables = isRecord(raw.variables) ? raw.variables : {};
  return templateNames(fixed)
    .filter((name) => isRecord(variables[name]))
    .map((name) => inputOf(`${id}:${name}`, `${label}: ${name}`, variables[name] as Record<string, unknown>, (variables[name] as Record<string, unknown>).isRequired !== false));
}

function serverName(doc: Record<string, unknown>): string {
  const title = text(doc.title)?.trim();
  if (title) return title.slice(0, 100);
  const name = String(doc.name);
  return (name.split("/").pop() || name).slice(0, 100);
}

function remoteOption(i: number, raw: Record<string, unknown>, name: string): ServerJsonOption {
  const type = text(raw.type);
  const url = text(raw.url) ?? "";
  const transport: ServerTransport = type === "sse" ? "sse" : "streamable-http";
  const variables = isRecord(raw.variables) ? raw.variables : {};
  const headers = list(raw.headers).filter((h) => typeof h.name === "string");
  const inputs = [
    // A variable the URL uses must be filled: a URL with braces in it reaches no server.
    ...templateNames(url).map((v) => inputOf(`url:${v}`, `URL: ${v}`, isRecord(variables[v]) ? variables[v] : {}, true)),
    ...headers.flatMap((h) => keyValueInputs(`header:${String(h.name)}`, `Header ${String(h.name)}`, h)),
  ];
  const option = { key: `remote:${i}`, name, transport, url, headerNames: headers.map((h) => String(h.name)), envNames: [], inputs, source: raw };
  if (type !== "streamable-http" && type !== "sse") return { ...option, problem: { kind: "unsupported", reason: `Unknown remote type "${type ?? ""}": a remote is streamable-http or sse.` } };
  if (!url) return { ...option, problem: { kind: "invalid", reason: "The remote has no url." } };
  return option;
}

function packageOption(i: number, raw: Record<string, unknown>, name: string): ServerJsonOption {
  const registryType = text(raw.registryType) ?? "";
  const identifier = text(raw.identifier) ?? "";
  const version = text(raw.version) ?? "";
  const transportType = isRecord(raw.transport) ? text(raw.transport.type) : undefined;
  const env = list(raw.environmentVariables).filter((e) => typeof e.name === "string");
  const args = list(raw.packageArguments);
  const inputs = [
    ...args.flatMap((a, n) => {
      const label = text(a.name) ?? text(a.valueHint) ?? `Argument ${n + 1}`;
      return keyValueInputs(`arg:${n}`, `Argument ${label}`, a);
    }),
    ...env.flatMap((e) => keyValueInputs(`env:${String(e.name)}`, `Variable ${String(e.name)}`, e)),
  ];
  const option = {
    key: `package:${i}`,
    name,
    transport: "stdio" as const,
    url: `${registryType || "?"}:${identifier}@${version}`,
    headerNames: [],
    envNames: env.map((e) => String(e.name)),
    inputs,
    source: raw,
  };
  if (registryType !== "npm") {
    return { ...option, problem: { kind: "unsupported", reason: `A ${registryType || "package"} package: the console runs only npm packages in its sandbox for now.` } };
  }
  if (transportType !== "stdio") {
    return { ...option, problem: { kind: "unsupported", reason: `The package serves ${transportType ?? "an unknown transport"} on a port of its own: the console runs packages over stdio only.` } };
  }
  if (!EXACT_VERSION.test(version)) {
    return { ...option, problem: { kind: "unpinned", reason: `${version ? `"${version}" is not an exact version` : "No version is given"}: the console installs one exact version.` } };
  }
  return option;
}

/** The options of a server.json, remotes first (nothing to install), in file order. */
export function readServerJson(doc: Record<string, unknown>): ServerJsonOption[] {
  const name = serverName(doc);
  const options = [...list(doc.remotes).map((r, i) => remoteOption(i, r, name)), ...list(doc.packages).map((p, i) => packageOption(i, p, name))];
  return options.slice(0, MAX_OPTIONS).map((o) => (o.inputs.length > MAX_INPUTS ? { ...o, problem: { kind: "invalid", reason: `It asks for ${o.inputs.length} values; at most ${MAX_INPUTS}.` } } : o));
}

/** A problem with one typed value, named by its input. */
export class InputValueError extends Error {
  constructor(
    readonly inputId: string,
    message: string,
  ) {
    super(message);
    this.name = "InputValueError";
  }
}

/** The value of an input: what was typed, else its default; checked against its choices and whether it is required. */
function valueOf(input: ImportInput, values: InputValues): string | undefined {
  const typed = values[input.id]?.trim() ? values[input.id] : undefined;
  const value = typed ?? input.default;
  if (value === undefined || value === "") {
    if (input.required) throw new InputValueError(input.id, `Enter ${input.label}.`);
    return undefined;
  }
  if (input.choices && !input.choices.includes(value)) throw new InputValueError(input.id, `${input.label} is one of: ${input.choices.join(", ")}.`);
  return value;
}

/** A template with each `{variable}` that has an input replaced by its value; others stay as written, as the format says. */
function fill(template: string, idPrefix: string, inputs: Map<string, ImportInput>, values: InputValues): string {
  return template.replace(/\{([A-Za-z0-9_.-]+)\}/g, (whole, name: string) => {
    const input = inputs.get(`${idPrefix}:${name}`);
    return input ? encodeIfUrl(idPrefix, valueOf(input, values) ?? "") : whole;
  });
}

const encodeIfUrl = (idPrefix: string, value: string) => (idPrefix === "url" ? encodeURIComponent(value) : value);

/** A key-value input's value: the fixed one with its variables filled, or the typed one; undefined when left out. */
function keyValue(id: string, raw: Record<string, unknown>, inputs: Map<string, ImportInput>, values: InputValues): string | undefined {
  const fixed = text(raw.value);
  if (fixed !== undefined) return fill(fixed, id, inputs, values);
  const input = inputs.get(id);
  return input ? valueOf(input, values) : undefined;
}

/** The server an option creates with these values; throws `InputValueError` for a value missing or not allowed. */
export function resolveOption(option: ServerJsonOption, values: InputValues): { ok: true; input: AnyServerCreate } | { ok: false; problem: OptionProblem } {
  if (option.problem) return { ok: false, problem: option.problem };
  const inputs = new Map(option.inputs.map((i) => [i.id, i]));
  const raw = option.source;
  const parsed =
    option.transport === "stdio"
      ? stdioServerCreate.safeParse({
          name: option.name,
          transport: "stdio",
          package: { registryType: "npm", identifier: text(raw.identifier), version: text(raw.version) },
          args: list(raw.packageArguments).flatMap((a, n) => {
            const value = keyValue(`arg:${n}`, a, inputs, values);
            const flag = a.type === "named" ? text(a.name) : undefined;
            if (value === undefined) return [];
            // A named argument is `--flag=value`, the format's own reading of it.
            return [flag ? `${flag}=${value}` : value];
          }),
          env: Object.fromEntries(
            list(raw.environmentVariables).flatMap((e) => {
              const value = keyValue(`env:${String(e.name)}`, e, inputs, values);
              return value === undefined ? [] : [[String(e.name), value]];
            }),
          ),
        })
      : serverCreate.safeParse({
          name: option.name,
          transport: option.transport,
          url: fill(option.url, "url", inputs, values),
          headers: list(raw.headers).flatMap((h) => {
            const value = keyValue(`header:${String(h.name)}`, h, inputs, values);
            return value === undefined ? [] : [{ name: String(h.name), value }];
          }),
        });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, problem: { kind: "invalid", reason: `${issue.path.join(".") || "entry"}: ${issue.message}` } };
  }
  return { ok: true, input: parsed.data };
}
