import "server-only";
import { eq } from "drizzle-orm";
import { record } from "../activity/service";
import { db } from "../db";
import { servers } from "../db/schema";
import { badRequest, HttpError } from "../http/errors";
import { mcpServerPolicy } from "../demo/server-origin";
import { checkUrlAddress } from "../net/guarded-fetch";
import { OutboundError } from "../net/errors";
import { plural } from "../plural";
import { createAndDiscover, createStdioAndDiscover } from "../discovery/service";
import { sandboxSupport } from "../sandbox/support";
import { assertAllowed } from "../plans/capabilities";
import { planOf } from "../plans/holder";
import { ConfigFileError, readImportFile, type ConfigEntry, type ImportBody, type ImportFile } from "../servers/mcp-config";
import type { ImportPreview, ImportPreviewEntry, ImportResult } from "../servers/schema";
import { InputValueError, resolveOption, type ServerJsonOption } from "../servers/server-json";
import { fileAtUrl } from "./file-at-url";
import type { AnyServerCreate } from "../servers/stdio-schema";
import type { Actor, Origin } from "../servers/service";
import { spendNameLookups } from "../rate-limit/name-lookups";
import { packageLabel } from "../stdio/config";
import { NpmError } from "../stdio/npm";
import { newestVersion } from "../stdio/versions";

/**
 * Import of an `mcpServers` file or an MCP Registry `server.json` (pasted,
 * uploaded or fetched from its URL): the preview says, entry by entry, what
 * would be created and why the rest would not; the import plans again (the
 * file is the input, never the preview) and creates each server through
 * `createAndDiscover` (a remote one) or `createStdioAndDiscover` (npx of a
 * package: installed, then run in the sandbox), which connect to it and
 * discover it. A server.json describes one server in several ways (remotes,
 * packages): each is an entry of the preview, with the values it asks for,
 * and the import creates the one chosen, with the values typed.
 */

type Planned = ImportPreviewEntry & { input?: AnyServerCreate };
type Shown = Pick<ImportPreviewEntry, "name" | "transport" | "url" | "headerNames" | "envNames">;
/**
 * An entry to plan: the server it creates (`input`), or why it cannot be (`problem`); `shown` is
 * how the preview shows a server.json's option, which has no server until its values are typed.
 */
type Candidate = {
  name: string;
  input?: AnyServerCreate;
  problem?: { kind: NonNullable<ImportPreviewEntry["kind"]>; reason: string };
  shown?: Shown;
  extra?: Pick<ImportPreviewEntry, "key" | "inputs" | "note">;
};

const entryCandidate = (entry: ConfigEntry): Candidate =>
  entry.ok ? { name: entry.name, input: entry.input } : { name: entry.name, problem: { kind: entry.kind, reason: entry.reason } };

/** How many of a file's unpinned packages are looked up in the registry at once. */
const PIN_LOOKUPS_AT_ONCE = 4;

/**
 * The file's entries as candidates, npx of a package without an exact version pinned to the
 * newest version the registry has of what it asks for today (what npx would run now): the
 * console installs that one and keeps it, and the preview says so. A package the registry
 * cannot tell a version of stays skipped, with npm's reason.
 */
async function entryCandidates(entries: ConfigEntry[]): Promise<Candidate[]> {
  const candidates = entries.map(entryCandidate);
  const unpinned = entries.flatMap((entry, i) => (!entry.ok && entry.wants && entry.pin ? [{ i, wants: entry.wants, pin: entry.pin }] : []));
  for (let at = 0; at < unpinned.length; at += PIN_LOOKUPS_AT_ONCE) {
    await Promise.all(
      unpinned.slice(at, at + PIN_LOOKUPS_AT_ONCE).map(async ({ i, wants, pin }) => {
        const asked = wants.range ? `"${wants.range}"` : "no version";
        try {
          const version = await newestVersion(wants.identifier, wants.range);
          candidates[i] = { ...entryCandidate(pin(version)), extra: { note: `Pinned to ${version}: the file asks for ${asked}, and that is the registry's newest match today.` } };
        } catch (err) {
          if (!(err instanceof NpmError)) throw err;
          candidates[i] = { name: candidates[i].name, problem: { kind: "unpinned", reason: `The file asks for ${asked} of ${wants.identifier}, and the registry could not tell which version that is: ${err.message}` } };
        }
      }),
    );
  }
  return candidates;
}

/** What an entry's server is shown as, and what makes two of them the same server. */
function shownOf(input: AnyServerCreate): Shown {
  return input.transport === "stdio"
    ? { name: input.name, transport: input.transport, url: packageLabel(input.package), headerNames: [], envNames: Object.keys(input.env) }
    : { name: input.name, transport: input.transport, url: input.url, headerNames: input.headers.map((h) => h.name), envNames: [] };
}

/** Why this console cannot run stdio servers (asked only when the file has one), or null. */
async function sandboxRefusal(candidates: Candidate[]): Promise<string | null> {
  if (!candidates.some((c) => (c.input ?? c.shown)?.transport === "stdio")) return null;
  const support = await sandboxSupport();
  return support.ok ? null : support.reason;
}

/** Why the address policy refuses a URL, or null; a name that does not resolve (yet) is not refused. */
async function refusal(url: string): Promise<string | null> {
  try {
    await checkUrlAddress(new URL(url), { policy: mcpServerPolicy() });
    return null;
  } catch (err) {
    return err instanceof OutboundError && err.kind === "refused" ? err.message : null;
  }
}

/** The file's text, pasted or fetched from its URL. */
const fileText = (body: ImportBody) => (body.url ? fileAtUrl(body.url) : Promise.resolve(body.text ?? ""));

function readFile(text: string): ImportFile {
  try {
    return readImportFile(text);
  } catch (err) {
    if (err instanceof ConfigFileError) throw badRequest(err.message, [{ path: "text", message: err.message }]);
    throw err;
  }
}

/** A server.json's option as the preview shows it: what it would create, and what it asks for. */
function optionCandidate(o: ServerJsonOption): Candidate {
  // Its URL may still hold variables to fill: the address is checked when the import resolves it.
  const shown = { name: o.name, transport: o.transport, url: o.url, headerNames: o.headerNames, envNames: o.envNames };
  return { name: o.name, problem: o.problem, shown, extra: { key: o.key, inputs: o.inputs } };
}

/** The chosen option (the first that can be created when none is named), resolved with the values typed. */
function chosenCandidate(options: ServerJsonOption[], body: ImportBody): Candidate {
  const option = body.choice ? options.find((o) => o.key === body.choice) : (options.find((o) => !o.problem) ?? options[0]);
  if (!option) throw badRequest(`This server.json has no option ${body.choice}.`, [{ path: "choice", message: "Choose one of the preview's entries." }]);
  let resolved;
  try {
    resolved = resolveOption(option, body.values);
  } catch (err) {
    if (err instanceof InputValueError) throw badRequest(err.message, [{ path: `values.${err.inputId}`, message: err.message }]);
    throw err;
  }
  return resolved.ok ? { name: option.name, input: resolved.input, extra: { key: option.key } } : { ...optionCandidate(option), problem: resolved.problem };
}

/**
 * What each entry would become. `preview` shows every option of a server.json; the import
 * resolves only the chosen one.
 */
async function plan(actor: Actor, file: ImportFile, body: ImportBody | null): Promise<Planned[]> {
  // A file names servers of its own: a demo account has the demo's only.
  assertAllowed(actor, "ownServers");
  const candidates: Candidate[] =
    file.format === "mcpServers" ? await entryCandidates(file.entries) : body ? [chosenCandidate(file.options, body)] : file.options.map(optionCandidate);
  const remote = (c: Candidate) => !c.problem && (c.input ?? c.shown)?.transport !== "stdio";
  // Each remote entry's name may be resolved below (refusal), so the whole file is counted first.
  await spendNameLookups(actor.uid, candidates.filter(remote).length);
  const noSandbox = await sandboxRefusal(candidates);
  const existing = await (await db())
    .select({ name: servers.name, url: servers.url, transport: servers.transport })
    .from(servers)
    .where(eq(servers.ownerUid, actor.uid));
  const names = new Map(existing.map((s) => [s.name.toLowerCase(), s.name]));
  const urls = new Map(existing.map((s) => [`${s.transport} ${s.url}`, s.name]));
  const { maxServers, label } = planOf(actor);
  let total = existing.length;

  const planned: Planned[] = [];
  for (const { name, input, problem, shown: given, extra } of candidates) {
    const shown = given ?? (input ? shownOf(input) : { name, transport: null, url: null, headerNames: [], envNames: [] });
    if (problem) {
      planned.push({ ...shown, action: "skip", kind: problem.kind, reason: problem.reason, ...extra });
      continue;
    }
    const sameName = names.get(shown.name.toLowerCase());
    // A package may well run twice (other args, other env): only remote servers are duplicates by address.
    const sameUrl = shown.transport === "stdio" ? undefined : urls.get(`${shown.transport} ${shown.url}`);
    const refused = sameName || sameUrl || !input || input.transport === "stdio" ? null : await refusal(input.url);
    const skip = (kind: ImportPreviewEntry["kind"], reason: string) => planned.push({ ...shown, action: "skip", kind, reason, ...extra });
    if (sameName) skip("duplicate", `You already have a server named ${sameName}.`);
    else if (sameUrl) skip("duplicate", `${sameUrl} already connects to this URL.`);
    else if (refused) skip("address_refused", refused);
    else if (shown.transport === "stdio" && noSandbox) skip("sandbox_unavailable", noSandbox);
    else if (total >= maxServers) skip("plan_limit", `Over the ${label} plan's limit of ${plural(maxServers, "server")}.`);
    else {
      planned.push({ ...shown, action: "create", input, ...extra });
      // A server.json's options are one server: the plan counts it once.
      if (file.format === "mcpServers") total += 1;
    }
    if (file.format === "mcpServers") {
      names.set(shown.name.toLowerCase(), shown.name);
      urls.set(`${shown.transport} ${shown.url}`, shown.name);
    }
  }
  return planned;
}

function publicEntry(planned: Planned): ImportPreviewEntry {
  const entry = { ...planned };
  delete entry.input;
  return entry;
}

/** The skip kind of an entry that creating refused after the plan allowed it: a 400 is a refused address, or a package npm could not install. */
const SKIP_BY_STATUS: Record<number, NonNullable<ImportPreviewEntry["kind"]>> = { 403: "plan_limit", 409: "duplicate", 400: "address_refused" };
const skipKindOf = (status: number, input: AnyServerCreate) => (status === 400 && input.transport === "stdio" ? "install_failed" : (SKIP_BY_STATUS[status] ?? "invalid"));

function create(actor: Actor, input: AnyServerCreate, origin: Origin) {
  return input.transport === "stdio" ? createStdioAndDiscover(actor, input, origin) : createAndDiscover(actor, input, origin);
}

export async function previewImport(actor: Actor, body: ImportBody): Promise<ImportPreview> {
  const file = readFile(await fileText(body));
  return { format: file.format, entries: (await plan(actor, file, null)).map(publicEntry) };
}

export async function importServers(actor: Actor, body: ImportBody, origin: Origin = {}): Promise<ImportResult> {
  const file = readFile(await fileText(body));
  const planned = await plan(actor, file, body);
  const result: ImportResult = { created: [], skipped: planned.filter((p) => p.action === "skip").map(publicEntry) };
  for (const entry of planned) {
    if (!entry.input) continue;
    try {
      const server = await create(actor, entry.input, origin);
      result.created.push({
        id: server.id,
        name: server.name,
        connected: server.serverInfo !== null,
        status: server.status,
        signInRequired: server.auth.status !== "authorized",
      });
    } catch (err) {
      // A server created meanwhile (another tab, the limit reached) skips this entry rather than failing the rest.
      if (!(err instanceof HttpError) || err.status >= 500) throw err;
      result.skipped.push({ ...publicEntry(entry), action: "skip", kind: skipKindOf(err.status, entry.input), reason: err.message });
    }
  }
  if (result.created.length) {
    await record({
      userUid: actor.uid,
      action: "servers.imported",
      summary: `Imported ${plural(result.created.length, "server")} from ${file.format === "server.json" ? "a server.json" : "a configuration file"}${result.skipped.length ? `, skipped ${result.skipped.length}` : ""}`,
      metadata: { created: result.created.map((c) => c.name), skipped: result.skipped.map((s) => ({ name: s.name, kind: s.kind })) },
      req: origin.req,
      ip: origin.ip,
    });
  }
  return result;
}
