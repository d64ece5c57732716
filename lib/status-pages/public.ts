import "server-only";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { db } from "../db";
import { incidents, servers, statusPages, statusPageServers, users } from "../db/schema";
import { getUptime } from "../monitoring/service";
import { planOf, type PlanHolder } from "../plans/holder";
import { incidentHistory, incidentNotes, pastMaintenance, scheduledMaintenance } from "./history";
import { publicIncidentSummary } from "./public-words";
import { statusPageSlug, type PublicServer, type PublicStatusPage } from "./schema";
import { publicUrl } from "../net/public-url";

/**
 * The public side of status pages. Whether a slug is live is read fresh on
 * every request (one indexed lookup), so unpublishing, renaming or a lapsed
 * plan take a page down at once on every instance; what it shows (statuses,
 * 90 days of uptime, incidents) is kept for a short time per page version.
 */

export const PUBLIC_CACHE_TTL_MS = 30_000;
const MAX_CACHED_PAGES = 500;

interface LivePage {
  id: string;
  slug: string;
  title: string;
  showUrls: boolean;
  owner: PlanHolder;
  /** Changes with every edit of the page: part of the cache key. */
  version: string;
}

/**
 * The published page at `slug` whose owner's plan still includes it, or null
 * (then: not found). A plan holds `maxStatusPages`; one that lapsed to a
 * smaller plan keeps its oldest published pages up to that number.
 */
async function livePage(slug: string): Promise<LivePage | null> {
  const [row] = await (await db())
    .select({
      id: statusPages.id,
      slug: statusPages.slug,
      title: statusPages.title,
      showUrls: statusPages.showUrls,
      // To the microsecond: two edits within a millisecond are still two versions.
      version: sql<string>`${statusPages.updatedAt}::text`,
      uid: users.uid,
      plan: users.subscriptionPlan,
      expiresAt: users.subscriptionExpiresAt,
      olderPublished: sql<number>`(select count(*)::int from ${statusPages} as older where older.owner_uid = ${statusPages.ownerUid} and older.published and (older.created_at, older.id) < (${statusPages.createdAt}, ${statusPages.id}))`,
    })
    .from(statusPages)
    .innerJoin(users, eq(users.uid, statusPages.ownerUid))
    .where(and(sql`lower(${statusPages.slug}) = lower(${slug})`, eq(statusPages.published, true)))
    .limit(1);
  if (!row) return null;
  const owner: PlanHolder = { uid: row.uid, subscriptionPlan: row.plan, subscriptionExpiresAt: row.expiresAt };
  if (row.olderPublished >= planOf(owner).maxStatusPages) return null;
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    showUrls: row.showUrls,
    owner,
    version: row.version,
  };
}

/** The uptime a page shows: the owner's plan keeps 24 hours on Free, 90 days on the plans with full monitoring. */
const publicUptimeWindow = (owner: PlanHolder): PublicStatusPage["uptimeWindow"] => (planOf(owner).features.fullMonitoring ? "90d" : "24h");

async function buildPage(page: LivePage, now: Date): Promise<PublicStatusPage> {
  const database = await db();
  const listed = await database
    .select({ id: servers.id, name: servers.name, url: servers.url, status: servers.status })
    .from(statusPageServers)
    .innerJoin(servers, and(eq(servers.id, statusPageServers.serverId), eq(servers.ownerUid, page.owner.uid)))
    .where(eq(statusPageServers.pageId, page.id))
    .orderBy(asc(statusPageServers.position));
  const ids = listed.map((s) => s.id);
  const open = ids.length
    ? await database
        .select({ id: incidents.id, serverId: incidents.serverId, openedAt: incidents.openedAt, failureKind: incidents.failureKind })
        .from(incidents)
        .where(and(inArray(incidents.serverId, ids), isNull(incidents.closedAt)))
    : [];
  const notes = await incidentNotes(database, open.map((i) => i.id));
  const window = publicUptimeWindow(page.owner);
  const uptimes = await Promise.all(ids.map((id) => getUptime(page.owner, id, window, now)));
  const names = new Map(listed.map((s) => [s.id, s.name]));
  const [history, maintenance, pastMaintenanceWindows] = await Promise.all([
    incidentHistory(database, names, now),
    scheduledMaintenance(database, names, now),
    pastMaintenance(database, names, now),
  ]);
  const inProgress = new Set(maintenance.filter((m) => Date.parse(m.startsAt) <= now.getTime()).flatMap((m) => m.servers));

  const result: PublicServer[] = listed.map((s, i) => ({
    name: s.name,
    url: page.showUrls ? publicUrl(s.url) : null,
    status: s.status,
    uptimePct: uptimes[i].uptimePct,
    buckets: uptimes[i].series.map(({ start, end, checks, failed, degraded, uptimePct }) => ({ start, end, checks, failed, degraded, uptimePct })),
    openIncidents: open
      .filter((inc) => inc.serverId === s.id)
      .map((inc) => ({
        openedAt: inc.openedAt.toISOString(),
        summary: publicIncidentSummary(inc.failureKind),
        updates: notes.get(inc.id) ?? [],
      })),
    inMaintenance: inProgress.has(s.name),
  }));
  return { title: page.title, slug: page.slug, uptimeWindow: window, servers: result, maintenance, pastMaintenance: pastMaintenanceWindows, history, generatedAt: now.toISOString() };
}

// Keyed by page version, so an edit is a new key: nothing needs telling other
// instances (unlike lib/cache/shared-cache.ts, the same LRU with invalidations).
const cache = new LRUCache<string, Promise<PublicStatusPage>>({ max: MAX_CACHED_PAGES, ttl: PUBLIC_CACHE_TTL_MS });

function remember(key: string, make: () => Promise<PublicStatusPage>): Promise<PublicStatusPage> {
  const hit = cache.get(key);
  if (hit) return hit;
  // Concurrent visitors of a cold page share one build.
  const data = make();
  data.catch(() => {
    if (cache.peek(key) === data) cache.delete(key);
  });
  cache.set(key, data);
  return data;
}

/** The data of the public page at `slug`, or null when there is none to show. */
export async function publicStatusPage(slug: string, now = new Date()): Promise<PublicStatusPage | null> {
  // An address no page could have is answered without asking the database.
  if (!statusPageSlug.safeParse(slug).success) return null;
  const page = await livePage(slug);
  if (!page) return null;
  return remember(`${page.id}@${page.version}`, () => buildPage(page, now));
}
