import { Feed } from "feed";
import { formatDuration } from "@/components/monitoring/format-uptime";
import { env } from "@/lib/env";
import { publicStatusPage } from "@/lib/status-pages/public";

// Per request, as the page itself: an unpublished page's feed is gone at once.
export const dynamic = "force-dynamic";

/** GET /status/{slug}/feed.xml — the page's incidents of the last 90 days as an Atom feed, newest first. */
export async function GET(_req: Request, { params }: { params: Promise<{ slug: string }> }) {
  const page = await publicStatusPage((await params).slug);
  if (!page) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const pageUrl = `${env().appUrl}/status/${page.slug}`;
  const feed = new Feed({
    title: `${page.title}: incidents`,
    description: `Incidents of the last 90 days on ${page.title}.`,
    id: pageUrl,
    link: pageUrl,
    language: "en",
    copyright: page.title,
    updated: new Date(page.history[0]?.closedAt ?? page.history[0]?.openedAt ?? page.generatedAt),
    feedLinks: { atom: `${pageUrl}/feed.xml` },
  });
  for (const incident of page.history) {
    const anchor = `${pageUrl}#incident-${Date.parse(incident.openedAt)}`;
    const state = incident.durationSec === null ? "ongoing" : `resolved after ${formatDuration(incident.durationSec)}`;
    feed.addItem({
      title: `${incident.server}: ${incident.summary.replace(/\.$/, "")} (${state})`,
      // The same outage keeps its id as it is resolved, so a reader updates the entry.
      id: `${anchor}-${incident.server}`,
      link: anchor,
      description: [incident.summary, ...incident.updates.map((u) => u.body)].join("\n\n"),
      date: new Date(incident.closedAt ?? incident.openedAt),
      published: new Date(incident.openedAt),
    });
  }
  return new Response(feed.atom1(), {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "public, max-age=60" },
  });
}
