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
import { ConfigFileError, readConfigFile } from "../servers/mcp-config";
import type { ImportPreviewEntry, ImportResult } from "../servers/schema";
import type { AnyServerCreate } from "../servers/stdio-schema";
import type { Actor, Origin } from "../servers/service";
import { spendNameLookups } from "../rate-limit/name-lookups";
import { packageLabel } from "../stdio/config";

/**
 * Import of an `mcpServers` file: the preview says, entry by entry, what
 * would be created and why the rest would not; the import plans again (the
 * file is the input, never the preview) and creates each server through
 * `createAndDiscover` (a remote one) or `createStdioAndDiscover` (npx of a
 * package: installed, then run in the sandbox), which connect to it and
 * discover it.
 */

type Planned = ImportPreviewEntry & { input?: AnyServerCreate };

/** What an entry's server is shown as, and what makes two of them the same server. */
function shownOf(input: AnyServerCreate) {
  return input.transport === "stdio"
    ? { name: input.name, transport: input.transport, url: packageLabel(input.package), headerNames: [], envNames: Object.keys(input.env) }
    : { name: input.name, transport: input.transport, url: input.url, headerNames: input.headers.map((h) => h.name), envNames: [] };
}

/** Why this console cannot run stdio servers (asked only when the file has one), or null. */
async function sandboxRefusal(entries: { ok: boolean; input?: AnyServerCreate }[]): Promise<string | null> {
  if (!entries.some((e) => e.input?.transport === "stdio")) return null;
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

async function plan(actor: Actor, text: string): Promise<Planned[]> {
  // A file names servers of its own: a demo account has the demo's only.
  assertAllowed(actor, "ownServers");
  let entries;
  try {
    entries = readConfigFile(text);
  } catch (err) {
    if (err instanceof ConfigFileError) throw badRequest(err.message, [{ path: "text", message: err.message }]);
    throw err;
  }
  // Each remote entry's name may be resolved below (refusal), so the whole file is counted first.
  await spendNameLookups(actor.uid, entries.filter((e) => e.ok && e.input.transport !== "stdio").length);
  const noSandbox = await sandboxRefusal(entries);
  const existing = await (await db())
    .select({ name: servers.name, url: servers.url, transport: servers.transport })
    .from(servers)
    .where(eq(servers.ownerUid, actor.uid));
  const names = new Map(existing.map((s) => [s.name.toLowerCase(), s.name]));
  const urls = new Map(existing.map((s) => [`${s.transport} ${s.url}`, s.name]));
  const { maxServers, label } = planOf(actor);
  let total = existing.length;

  const planned: Planned[] = [];
  for (const entry of entries) {
    if (!entry.ok) {
      planned.push({ name: entry.name, transport: null, url: null, headerNames: [], envNames: [], action: "skip", kind: entry.kind, reason: entry.reason });
      continue;
    }
    const { input } = entry;
    const shown = shownOf(input);
    const sameName = names.get(input.name.toLowerCase());
    // A package may well run twice (other args, other env): only remote servers are duplicates by address.
    const sameUrl = input.transport === "stdio" ? undefined : urls.get(`${input.transport} ${input.url}`);
    const refused = sameName || sameUrl || input.transport === "stdio" ? null : await refusal(input.url);
    const skip = (kind: ImportPreviewEntry["kind"], reason: string) => planned.push({ ...shown, action: "skip", kind, reason });
    if (sameName) skip("duplicate", `You already have a server named ${sameName}.`);
    else if (sameUrl) skip("duplicate", `${sameUrl} already connects to this URL.`);
    else if (refused) skip("address_refused", refused);
    else if (input.transport === "stdio" && noSandbox) skip("sandbox_unavailable", noSandbox);
    else if (total >= maxServers) skip("plan_limit", `Over the ${label} plan's limit of ${plural(maxServers, "server")}.`);
    else {
      planned.push({ ...shown, action: "create", input });
      total += 1;
    }
    names.set(input.name.toLowerCase(), input.name);
    urls.set(`${input.transport} ${shown.url}`, input.name);
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

export async function previewImport(actor: Actor, text: string): Promise<ImportPreviewEntry[]> {
  return (await plan(actor, text)).map(publicEntry);
}

export async function importServers(actor: Actor, text: string, origin: Origin = {}): Promise<ImportResult> {
  const planned = await plan(actor, text);
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
      summary: `Imported ${plural(result.created.length, "server")} from a configuration file${result.skipped.length ? `, skipped ${result.skipped.length}` : ""}`,
      metadata: { created: result.created.map((c) => c.name), skipped: result.skipped.map((s) => ({ name: s.name, kind: s.kind })) },
      req: origin.req,
      ip: origin.ip,
    });
  }
  return result;
}
