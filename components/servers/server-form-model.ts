import { collectFieldErrors, errorBody, type FieldErrors } from "@/components/app/save-error";
import {
  connectionInput,
  MAX_TAGS,
  serverCreate,
  type ConnectionInput,
  type ServerDto,
} from "@/lib/servers/schema";
import type { ServerTransport, Transport } from "@/lib/mcp/types";
import { anyServerUpdate, stdioServerCreate, type AnyConnectionInput, type AnyServerCreate, type AnyServerUpdate } from "@/lib/servers/stdio-schema";
import { argsOf, egressOf, emptyStdio, stdioValuesOf, validateStdio, type StdioFormValues } from "./stdio-form-model";
import { PROTOCOL_AUTO, type ProtocolSetting } from "@/lib/mcp/protocol-revisions";
import { isRecord } from "@/lib/guards";
import { sameOrigin } from "@/lib/servers/secret-origin";

/**
 * The server form's state and its translation to and from the API: pure, so
 * that validation and error mapping are tested without rendering.
 */

export interface HeaderRow {
  /** Stable React key; not sent. */
  key: string;
  name: string;
  value: string;
  /** Saved on the server: its value is unknown here, and a blank value keeps it. */
  stored: boolean;
  /** The masked value the API returned, shown as a hint for a stored header. */
  masked?: string;
  /** The URL the stored value was saved for: it is sent to that origin only (lib/servers/secret-origin.ts). */
  storedFor?: string;
}

export interface ServerFormValues {
  name: string;
  /** "stdio": a server the console runs as a command (its transport cannot change once saved). */
  transport: ServerTransport;
  url: string;
  headers: HeaderRow[];
  /** Transport "stdio": the package to run and its command. */
  stdio: StdioFormValues;
  description: string;
  tags: string[];
  monitoringEnabled: boolean;
  intervalSec: number;
  protocol: ProtocolSetting;
  /** A server behind OAuth: the URL its sign-in was made for, which stays with that origin (lib/servers/sign-in-origin.ts). */
  signInFor?: string;
}

let rowCounter = 0;
export function newHeaderRow(name = "", value = ""): HeaderRow {
  rowCounter += 1;
  return { key: `header-${rowCounter}`, name, value, stored: false };
}

/** A new server's form: monitored, at the plan's shortest interval, unless the person turns it off. */
export function emptyValues(minIntervalSec: number): ServerFormValues {
  return {
    name: "",
    transport: "streamable-http",
    url: "",
    headers: [],
    stdio: emptyStdio(),
    description: "",
    tags: [],
    monitoringEnabled: true,
    intervalSec: minIntervalSec,
    protocol: PROTOCOL_AUTO,
  };
}

/** A remote server: one reached at a URL. */
export type RemoteServerDto = ServerDto & { transport: Transport };

/** The form's values for a saved server: a remote one's URL and headers, or a stdio one's package, arguments, variables and hosts. */
export function valuesFromServer(server: ServerDto): ServerFormValues {
  const stdio = server.transport === "stdio" && server.stdio ? server.stdio : null;
  return {
    name: server.name,
    transport: server.transport,
    url: stdio ? "" : server.url,
    // Keyed by name (unique, and fixed once stored), not by the counter: the same on the server's render and the browser's.
    headers: server.headers.map((h) => ({ key: `header-stored-${h.name}`, name: h.name, value: "", stored: true, masked: h.value, storedFor: server.url })),
    stdio: stdio ? stdioValuesOf(stdio) : emptyStdio(),
    description: server.description,
    tags: [...server.tags],
    monitoringEnabled: server.monitoring.enabled,
    intervalSec: server.monitoring.intervalSec,
    protocol: server.protocol,
    ...(server.auth.type === "oauth" ? { signInFor: server.url } : {}),
  };
}

/** Whether saving the form's URL leaves the server's OAuth sign-in behind (another origin than it was made for): the owner signs in again. */
export function leavesSignInBehind(values: Pick<ServerFormValues, "signInFor" | "url">): boolean {
  return values.signInFor !== undefined && !sameOrigin(values.signInFor, values.url);
}

export function connectionPayload(values: ServerFormValues & { transport: Transport }): ConnectionInput {
  return {
    transport: values.transport,
    url: values.url,
    headers: values.headers.map((h) => ({ name: h.name, value: h.value })),
  };
}

type Validated<T> = { ok: true; payload: T } | { ok: false; errors: FieldErrors };

const isRemoteValues = (values: ServerFormValues): values is ServerFormValues & { transport: Transport } => values.transport !== "stdio";

/** "Test connection" needs only the connection fields: every header needs its value; a package, its version and its variables' names. */
export function validateConnection(values: ServerFormValues): Validated<AnyConnectionInput> {
  if (!isRemoteValues(values)) return validateStdio(values.stdio);
  const parsed = connectionInput.safeParse(connectionPayload(values));
  return parsed.success ? { ok: true, payload: parsed.data } : { ok: false, errors: collectFieldErrors(parsed.error.issues) };
}

export function validateCreate(values: ServerFormValues): Validated<AnyServerCreate> {
  const details = {
    name: values.name,
    description: values.description,
    tags: values.tags,
    monitoring: { enabled: values.monitoringEnabled, intervalSec: values.intervalSec },
    protocol: values.protocol,
  };
  if (!isRemoteValues(values)) {
    const stdio = validateStdio(values.stdio);
    const parsed = stdioServerCreate.safeParse({ ...(stdio.ok ? stdio.payload : {}), ...details, transport: "stdio" });
    // The stdio fields' own errors (by row) first; the rest of the form's from the whole schema.
    const errors = { ...(parsed.success ? {} : collectFieldErrors(parsed.error.issues)), ...(stdio.ok ? {} : stdio.errors) };
    return stdio.ok && parsed.success ? { ok: true, payload: parsed.data } : { ok: false, errors };
  }
  const parsed = serverCreate.safeParse({ ...connectionPayload(values), ...details });
  return parsed.success ? { ok: true, payload: parsed.data } : { ok: false, errors: collectFieldErrors(parsed.error.issues) };
}

/** A stored header whose value will not go to `url` (another origin than it was saved for): its value must be entered again. */
export function mustReenter(row: HeaderRow, url: string): boolean {
  return row.stored && row.storedFor !== undefined && !sameOrigin(row.storedFor, url);
}

export const REENTER_MESSAGE = "Enter the value again: a stored value is not sent to another address. Or remove this header.";

/**
 * The whole form as a PATCH: stored headers left blank are listed without a
 * value (kept), typed values rotate them, removed rows are left out (deleted).
 * A URL moved to another origin needs the stored values typed again. A stdio
 * server's variables are sent the same way, with its version, arguments and hosts.
 */
export function validateUpdate(values: ServerFormValues): Validated<AnyServerUpdate> {
  const details = {
    name: values.name,
    description: values.description,
    tags: values.tags,
    monitoring: { enabled: values.monitoringEnabled, intervalSec: values.intervalSec },
    protocol: values.protocol,
  };
  if (!isRemoteValues(values)) return validateStdioUpdate(values.stdio, details);
  const parsed = anyServerUpdate.safeParse({
    ...details,
    transport: values.transport,
    url: values.url,
    headers: values.headers.map((h) => (h.stored && h.value === "" ? { name: h.name } : { name: h.name, value: h.value })),
  });
  const errors = parsed.success ? {} : collectFieldErrors(parsed.error.issues);
  // The schema lets any header go without a value; only a stored one has a value to keep.
  values.headers.forEach((h, i) => {
    const key = `headers.${i}.value`;
    if (!h.stored && h.value === "" && !(key in errors)) errors[key] = "Enter a value.";
    if (mustReenter(h, values.url) && h.value === "" && !(key in errors)) errors[key] = REENTER_MESSAGE;
  });
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, payload: parsed.data };
}

/** A stdio server's part of a PATCH: its version, arguments, variables (a stored one left blank is kept) and hosts. */
function validateStdioUpdate(stdio: StdioFormValues, details: Record<string, unknown>): Validated<AnyServerUpdate> {
  const parsed = anyServerUpdate.safeParse({
    ...details,
    package: { version: stdio.version.trim() },
    args: argsOf(stdio.args),
    env: stdio.env.map((row) => (row.stored && row.value === "" ? { name: row.name.trim() } : { name: row.name.trim(), value: row.value })),
    egress: egressOf(stdio.egress),
  });
  const errors = parsed.success ? {} : collectFieldErrors(parsed.error.issues);
  // The schema lets any variable go without a value (kept); only a stored one has a value to keep.
  stdio.env.forEach((row, i) => {
    if (!row.name.trim()) errors[`env.${i}.name`] = "Enter a variable name, or remove this row.";
    if (!row.stored && row.value === "" && !(`env.${i}.value` in errors)) errors[`env.${i}.value`] = "Enter a value.";
  });
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, payload: parsed.data };
}

/** `details.suggestion.transport` of a failed test: the transport that did answer. */
export function suggestedTransport(err: unknown): Transport | null {
  const details = errorBody(err).details;
  if (!isRecord(details) || !isRecord(details.suggestion)) return null;
  const t = details.suggestion.transport;
  return t === "streamable-http" || t === "sse" ? t : null;
}

/** Adds typed or pasted tags ("a, b"), trimmed, without duplicates, up to the limit. */
export function addTags(current: readonly string[], raw: string): string[] {
  const next = [...current];
  for (const part of raw.split(",")) {
    const tag = part.trim();
    if (tag && !next.includes(tag) && next.length < MAX_TAGS) next.push(tag);
  }
  return next;
}

/** The first field with an error, in the order the form shows them, for focus. */
export function firstErrorKey(errors: FieldErrors, order: readonly string[]): string | null {
  for (const prefix of order) {
    const key = Object.keys(errors).find((k) => k === prefix || k.startsWith(`${prefix}.`));
    if (key) return key;
  }
  return Object.keys(errors)[0] ?? null;
}
