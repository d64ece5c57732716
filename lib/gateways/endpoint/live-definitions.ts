import "server-only";
import { listInventory } from "../../upstream/inventory";
import { McpFailure } from "../../mcp/errors";
import { hashDefinitions } from "../../mcp/hash-definitions";
import { LaneRefusal } from "../../upstream/call";
import type { WorkbenchSession } from "../../upstream/session";
import { approvalKey, type ViewItem } from "../view";
import type { Discovery } from "../../mcp/types";

/**
 * What a server lists on a gateway client's own connection to it, checked
 * before a request goes out on that connection: a call never reaches an
 * item whose current definition is not the one the gateway's view serves
 * (the approved one). A rug pull shows when a connection is (re)opened, a
 * server restarted with new definitions, say; so each connection lists the
 * server's definitions once, before its first request, and not again until
 * the server says a list changed, or until the view was read after that
 * listing and disagrees with it (the listing may then be the stale side, as
 * after an approval). A request costs a lookup, not a list.
 *
 * A listing that differs from the stored definitions is saved as a
 * rediscovery would save it (lib/gateways/refresh.ts): the change is scanned
 * and quarantined, and the owner sees it to approve. Only the hashes are
 * kept with the connection, never the definitions.
 */

interface Listing {
  /** Definition hash by `kind key` (view.ts's approvalKey). */
  hashes: Map<string, string>;
  /** When it was asked for, on performance.now()'s clock. */
  askedAt: number;
}

/** The connection's listing, asked once and shared by the requests waiting for it; dropped when the server says a list changed. */
interface Held {
  listing: Promise<Listing> | undefined;
}

const held = new WeakMap<WorkbenchSession, Held>();

export interface Admission {
  /** When the view the request was resolved with was read (CachedView.loadedAt). */
  viewLoadedAt: number;
  /** The most the listing may take: a server that does not list in time answers no request. */
  timeoutMs: number;
  /** The stored definitions' hashes of the item's server, by `kind key` (read only when a listing is made). */
  stored: () => Map<string, string>;
  /** A listing that differs from what is stored: to be saved as a rediscovery. */
  changed: (found: Discovery) => void;
}

/** The item's definition on this connection is not the one served: refused before anything is sent. */
export class DefinitionChanged extends LaneRefusal {
  constructor(item: ViewItem, listed: boolean) {
    const label = item.kind.replace("_", " ");
    super(
      listed
        ? `Quarantined: ${item.server.name} now describes this ${label} differently from the definition approved for it. The change is recorded; review it and approve it to serve it.`
        : `Quarantined: ${item.server.name} no longer lists this ${label}. The change is recorded.`,
    );
  }
}

function heldOf(session: WorkbenchSession): Held {
  let entry = held.get(session);
  if (!entry) {
    const created: Held = { listing: undefined };
    entry = created;
    held.set(session, created);
    session.watch((event) => {
      if (event.type === "list-changed") created.listing = undefined;
    });
  }
  return entry;
}

function differs(hashes: Map<string, string>, stored: Map<string, string>): boolean {
  if (hashes.size !== stored.size) return true;
  for (const [key, hash] of hashes) if (stored.get(key) !== hash) return true;
  return false;
}

async function list(session: WorkbenchSession, admission: Admission, serverName: string): Promise<Listing> {
  const askedAt = performance.now();
  const { connection } = session;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new McpFailure("timeout", `${serverName} did not list its definitions within ${Math.round(admission.timeoutMs / 100) / 10} s, so the gateway could not check them.`)),
      admission.timeoutMs,
    );
  });
  try {
    const lists = await Promise.race([listInventory(connection), late]);
    // On a worker thread for a long list (lib/mcp/hash-definitions.ts).
    const { items } = await hashDefinitions(lists);
    const hashes = new Map(items.map((i) => [approvalKey(i.kind, i.key), i.hash]));
    if (differs(hashes, admission.stored())) {
      admission.changed({
        serverInfo: connection.serverInfo,
        capabilities: connection.capabilities,
        instructions: connection.instructions,
        handshakeMs: connection.handshakeMs,
        ...lists,
      });
    }
    return { hashes, askedAt };
  } finally {
    clearTimeout(timer);
  }
}

function listingOf(session: WorkbenchSession, admission: Admission, serverName: string): Promise<Listing> {
  const entry = heldOf(session);
  if (!entry.listing) {
    const listing = list(session, admission, serverName);
    entry.listing = listing;
    // A failed listing is asked again by the next request (the caller drops the connection anyway).
    listing.catch(() => {
      if (entry.listing === listing) entry.listing = undefined;
    });
  }
  return entry.listing;
}

/**
 * Lets a request for `item` go out on `session`, or throws DefinitionChanged;
 * a failed listing throws what failed (the connection is then not used).
 */
export async function admitOn(session: WorkbenchSession, item: ViewItem, admission: Admission): Promise<void> {
  const key = approvalKey(item.kind, item.key);
  const asked = listingOf(session, admission, item.server.name);
  const listing = await asked;
  if (listing.hashes.get(key) === item.hash) return;
  if (listing.askedAt < admission.viewLoadedAt) {
    // The view was read after this listing: the listing may be what is out of date. Once per view.
    const entry = heldOf(session);
    if (entry.listing === asked) entry.listing = undefined;
    const again = await listingOf(session, admission, item.server.name);
    if (again.hashes.get(key) === item.hash) return;
    throw new DefinitionChanged(item, again.hashes.has(key));
  }
  throw new DefinitionChanged(item, listing.hashes.has(key));
}
