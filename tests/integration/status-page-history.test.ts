import { randomUUID } from "node:crypto";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { NextRequest } from "next/server";
import { GET as feedGET } from "@/app/(status)/status/[slug]/feed.xml/route";
import { db } from "@/lib/db";
import { incidents, incidentUpdates, maintenanceWindows, maintenanceWindowServers, servers, statusPages, statusPageServers, users } from "@/lib/db/schema";
import { publicStatusPage } from "@/lib/status-pages/public";
import { describeEachDatabase } from "../support/databases";

/**
 * What a public status page tells of the past and the coming days: 90 days
 * of incidents with their lengths, scheduled maintenance, and the same
 * incidents as an Atom feed, all naming servers and never identifying them.
 */

const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms);

async function publishedPage() {
  const d = await db();
  const uid = `history-${randomUUID()}`;
  await d.insert(users).values({ uid, email: `${uid}@example.com`, displayName: "Owner", subscriptionPlan: "pro" });
  const [api, web] = await d
    .insert(servers)
    .values([
      { ownerUid: uid, name: "Public API", transport: "streamable-http", url: "https://api.example.com/mcp", monitoringEnabled: true },
      { ownerUid: uid, name: "Search", transport: "streamable-http", url: "https://search.example.com/mcp", monitoringEnabled: true },
    ])
    .returning({ id: servers.id });
  const slug = `history-${randomUUID().slice(0, 8)}`;
  const [page] = await d.insert(statusPages).values({ ownerUid: uid, slug, title: "Acme status" }).returning({ id: statusPages.id });
  await d.insert(statusPageServers).values([
    { pageId: page.id, serverId: api.id, position: 0 },
    { pageId: page.id, serverId: web.id, position: 1 },
  ]);
  return { uid, slug, api: api.id, web: web.id };
}

const feed = (slug: string) =>
  feedGET(new NextRequest(`http://localhost:3000/status/${slug}/feed.xml`), { params: Promise.resolve({ slug }) });

describeEachDatabase("status page history", () => {
  it("lists the last 90 days of incidents with their lengths, newest first, and the maintenance to come", async () => {
    const p = await publishedPage();
    const d = await db();
    await d.insert(incidents).values([
      { serverId: p.api, openedAt: ago(100 * DAY), closedAt: ago(100 * DAY - 60_000), reason: "Too old to show", failureKind: "timeout" },
      { serverId: p.api, openedAt: ago(3 * DAY), closedAt: ago(3 * DAY - 5 * 60_000), reason: "Connection refused by 10.0.0.7", failureKind: "refused" },
    ]);
    const [open] = await d.insert(incidents).values({ serverId: p.web, openedAt: ago(10 * 60_000), reason: "Timed out", failureKind: "timeout" }).returning({ id: incidents.id });
    await d.insert(incidentUpdates).values({ incidentId: open.id, serverId: p.web, body: "We are restarting the search cluster." });
    const [window] = await d
      .insert(maintenanceWindows)
      .values({ ownerUid: p.uid, startsAt: new Date(Date.now() + DAY), endsAt: new Date(Date.now() + DAY + 3_600_000), note: "Database upgrade" })
      .returning({ id: maintenanceWindows.id });
    await d.insert(maintenanceWindowServers).values({ windowId: window.id, serverId: p.api });

    const page = await publicStatusPage(p.slug);
    expect(page?.history.map((i) => [i.server, i.durationSec, i.summary, i.updates.map((u) => u.body)])).toEqual([
      ["Search", null, "The service did not answer in time.", ["We are restarting the search cluster."]],
      ["Public API", 300, "The service refused connections.", []],
    ]);
    // The raw reason can name hosts and addresses: never on the page.
    expect(JSON.stringify(page)).not.toContain("10.0.0.7");
    expect(page?.maintenance).toEqual([expect.objectContaining({ note: "Database upgrade", servers: ["Public API"] })]);
    expect(page?.pastMaintenance).toEqual([]);
    expect(page?.servers.map((s) => s.inMaintenance)).toEqual([false, false]);
    // One bar a day for 90 days.
    expect(page?.servers[0].buckets).toHaveLength(90);
  });

  it("keeps the maintenance of the last 90 days in the page's history, latest first", async () => {
    const p = await publishedPage();
    const d = await db();
    const windows = await d
      .insert(maintenanceWindows)
      .values([
        { ownerUid: p.uid, startsAt: ago(120 * DAY), endsAt: ago(120 * DAY - 3_600_000), note: "Too old to show" },
        { ownerUid: p.uid, startsAt: ago(20 * DAY), endsAt: ago(20 * DAY - 3_600_000), note: "Network move" },
        { ownerUid: p.uid, startsAt: ago(2 * 3_600_000), endsAt: ago(3_600_000), note: "Database upgrade" },
        { ownerUid: p.uid, startsAt: ago(600_000), endsAt: new Date(Date.now() + 600_000), note: "Still going" },
      ])
      .returning({ id: maintenanceWindows.id });
    await d.insert(maintenanceWindowServers).values(windows.flatMap((w) => [{ windowId: w.id, serverId: p.api }, { windowId: w.id, serverId: p.web }]));

    const page = await publicStatusPage(p.slug);
    expect(page?.pastMaintenance.map((m) => [m.note, m.servers])).toEqual([
      ["Database upgrade", ["Public API", "Search"]],
      ["Network move", ["Public API", "Search"]],
    ]);
    // The one in progress is with the scheduled, not the past.
    expect(page?.maintenance.map((m) => m.note)).toEqual(["Still going"]);
  });

  it("offers the incidents and maintenance as a valid Atom feed, and no feed for a page that is not published", async () => {
    const p = await publishedPage();
    const d = await db();
    await d.insert(incidents).values([
      { serverId: p.api, openedAt: ago(2 * DAY), closedAt: ago(2 * DAY - 2 * 3_600_000), reason: "Refused", failureKind: "refused" },
      { serverId: p.web, openedAt: ago(60_000), reason: "Timed out", failureKind: "timeout" },
    ]);

    // Maintenance joins the feed from its announcement, and stays once over, latest first.
    const [done, coming] = await d
      .insert(maintenanceWindows)
      .values([
        { ownerUid: p.uid, startsAt: ago(DAY + 3_600_000), endsAt: ago(DAY), note: "Certificate rotation" },
        { ownerUid: p.uid, startsAt: new Date(Date.now() + DAY), endsAt: new Date(Date.now() + DAY + 1_800_000), note: "" },
      ])
      .returning({ id: maintenanceWindows.id });
    await d.insert(maintenanceWindowServers).values([
      { windowId: done.id, serverId: p.api },
      { windowId: coming.id, serverId: p.web },
    ]);

    const res = await feed(p.slug);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/atom+xml");
    const xml = await res.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser().parse(xml) as { feed: { title: string; entry: { title: string }[] } };
    expect(parsed.feed.title).toBe("Acme status: incidents and maintenance");
    expect(parsed.feed.entry.map((e) => e.title)).toEqual([
      "Maintenance of Search (scheduled, 30 min)",
      "Search: The service did not answer in time (ongoing)",
      "Maintenance of Public API (completed, 1 h)",
      "Public API: The service refused connections (resolved after 2 h)",
    ]);
    expect(xml).not.toContain("Refused<");

    const missing = await feed("no-such-page-here");
    expect(missing.status).toBe(404);
  });
});
