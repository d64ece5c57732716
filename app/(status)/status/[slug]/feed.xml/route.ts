import { Feed, type Item } from "feed";
import { formatDuration } from "@/lib/duration";
import { env } from "@/lib/env";
import { publicStatusPage } from "@/lib/status-pages/public";

// Per request, as the page itself: an unpublished page's feed is gone at once.
export const dynamic = "force-dynamic";

/**
 * GET /status/{slug}/feed.xml — the page's incidents and maintenance of the last 90 days, and the
 * maintenance scheduled, as an Atom feed, latest first.
 */
export async function GET(_req: Request, { params }: { params: Promise<{ slug: string }> }) {
  const page = await publicStatusPage((await params).slug);
  if (!page) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const pageUrl = `${env().appUrl}/status/${page.slug}`;
  const now = Date.parse(page.generatedAt);

  const items: Item[] = page.history.map((incident) => {
    const anchor = `${pageUrl}#incident-${Date.parse(incident.openedAt)}`;
    const state = incident.durationSec === null ? "ongoing" : `resolved after ${formatDuration(incident.durationSec)}`;
    return {
      title: `${incident.server}: ${incident.summary.replace(/\.$/, "")} (${state})`,
      // The same outage keeps its id as it is resolved, so a reader updates the entry.
      id: `${anchor}-${incident.server}`,
      link: anchor,
      description: [incident.summary, ...incident.updates.map((u) => u.body)].join("\n\n"),
      date: new Date(incident.closedAt ?? incident.openedAt),
      published: new Date(incident.openedAt),
    };
  });
  for (const w of [...page.maintenance, ...page.pastMaintenance]) {
    const [starts, ends] = [Date.parse(w.startsAt), Date.parse(w.endsAt)];
    const state = ends <= now ? "completed" : starts <= now ? "in progress" : "scheduled";
    const anchor = `${pageUrl}#maintenance-${starts}`;
    items.push({
      title: `Maintenance of ${w.servers.join(", ")} (${state}, ${formatDuration((ends - starts) / 1000)})`,
      // One id from announcement to completion, as for incidents.
      id: `${anchor}-${w.servers.join(",")}`,
      link: anchor,
      description: [`From ${w.startsAt} to ${w.endsAt}. Failed checks during maintenance open no incident and send no alert.`, w.note].filter(Boolean).join("\n\n"),
      // An announcement is dated by its start (so it heads the feed until it is over), then by its end.
      date: new Date(ends <= now ? ends : starts),
      published: new Date(starts),
    });
  }
  items.sort((a, b) => b.date.getTime() - a.date.getTime());

  const feed = new Feed({
    title: `${page.title}: incidents and maintenance`,
    description: `Incidents and maintenance of the last 90 days on ${page.title}, and the maintenance scheduled.`,
    id: pageUrl,
    link: pageUrl,
    language: "en",
    copyright: page.title,
    updated: items[0]?.date ?? new Date(page.generatedAt),
    feedLinks: { atom: `${pageUrl}/feed.xml` },
  });
  for (const item of items) feed.addItem(item);
  return new Response(feed.atom1(), {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "public, max-age=60" },
  });
}
