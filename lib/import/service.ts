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
import { createAndDiscover } from "../discovery/service";
import { assertAllowed } from "../plans/capabilities";
import { planOf } from "../plans/holder";
import { ConfigFileError, readConfigFile, type ImportPreviewEntry, type ImportResult } from "../servers/mcp-config";
import type { ServerCreate } from "../servers/schema";
import type { Actor, Origin } from "../servers/service";
import { spendNameLookups } from "../rate-limit/name-lookups";

/**
 * Import of an `mcpServers` file: the preview says, entry by entry, what
 * would be created and why the rest would not; the import plans again (the
 * file is the input, never the preview) and creates each server through
 * `createAndDiscover`, which connects to it and discovers it.
 */

type Planned = ImportPreviewEntry & { input?: ServerCreate };

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
  // Each entry's name may be resolved below (refusal), so the whole file is counted first.
  await spendNameLookups(actor.uid, entries.filter((e) => e.ok).length);
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
      planned.push({ name: entry.name, transport: null, url: null, headerNames: [], action: "skip", kind: entry.kind, reason: entry.reason });
      continue;
    }
    const { input } = entry;
    const shown = { name: input.name, transport: input.transport, url: input.url, headerNames: input.headers.map((h) => h.name) };
    const sameName = names.get(input.name.toLowerCase());
    const sameUrl = urls.get(`${input.transport} ${input.url}`);
    const refused = sameName || sameUrl ? null : await refusal(input.url);
    const skip = (kind: ImportPreviewEntry["kind"], reason: string) => planned.push({ ...shown, action: "skip", kind, reason });
    if (sameName) skip("duplicate", `You already have a server named ${sameName}.`);
    else if (sameUrl) skip("duplicate", `${sameUrl} already connects to this URL.`);
    else if (refused) skip("address_refused", refused);
    else if (total >= maxServers) skip("plan_limit", `Over the ${label} plan's limit of ${plural(maxServers, "server")}.`);
    else {
      planned.push({ ...shown, action: "create", input });
      total += 1;
    }
    names.set(input.name.toLowerCase(), input.name);
    urls.set(`${input.transport} ${input.url}`, input.name);
  }
  return planned;
}

function publicEntry(planned: Planned): ImportPreviewEntry {
  const entry = { ...planned };
  delete entry.input;
  return entry;
}

/** The skip kind of an entry that `createAndDiscover` refused after the plan allowed it. */
const SKIP_BY_STATUS: Record<number, NonNullable<ImportPreviewEntry["kind"]>> = { 403: "plan_limit", 409: "duplicate", 400: "address_refused" };

export async function previewImport(actor: Actor, text: string): Promise<ImportPreviewEntry[]> {
  return (await plan(actor, text)).map(publicEntry);
}

export async function importServers(actor: Actor, text: string, origin: Origin = {}): Promise<ImportResult> {
  const planned = await plan(actor, text);
  const result: ImportResult = { created: [], skipped: planned.filter((p) => p.action === "skip").map(publicEntry) };
  for (const entry of planned) {
    if (!entry.input) continue;
    try {
      const server = await createAndDiscover(actor, entry.input, origin);
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
      result.skipped.push({ ...publicEntry(entry), action: "skip", kind: SKIP_BY_STATUS[err.status] ?? "invalid", reason: err.message });
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
