import { eq } from "drizzle-orm";
import { POST as checkPOST } from "@/app/api/servers/[id]/check/route";
import { GET as incidentsGET } from "@/app/api/servers/[id]/incidents/route";
import { GET as updatesGET, POST as updatesPOST } from "@/app/api/servers/[id]/incidents/[incidentId]/updates/route";
import { POST as createServerPOST } from "@/app/api/servers/route";
import { DELETE as pageDELETE, GET as pageGET, PATCH as pagePATCH } from "@/app/api/status-pages/[id]/route";
import { GET as pagesGET, POST as pagesPOST } from "@/app/api/status-pages/route";
import { db } from "@/lib/db";
import { activityEvents, users } from "@/lib/db/schema";
import { publicStatusPage } from "@/lib/status-pages/public";
import { describeEachDatabase } from "../support/databases";
import { call, type CallOptions } from "../support/http";
import { signedIn, type Session } from "../support/sign-in";
import { startRawMcpServer, type RawState } from "../support/raw-mcp-server";
import type { RunningServer } from "../support/mcp-server";

/**
 * Public status pages: the owner's API (plan gate, slug rules, ownership),
 * incident updates, and the public page's data: only what the owner chose to
 * show, and gone at once when unpublished, renamed or deleted.
 */

const SECRET = "Bearer status-page-secret-7f3c91";

let raw: RunningServer;
const rawState: RawState = { methods: {}, tools: [{ name: "echo", description: "Echoes", inputSchema: { type: "object" } }] };

beforeAll(async () => {
  raw = await startRawMcpServer(rawState);
});
afterAll(() => raw.stop());

const setPlan = async (uid: string, plan: "free tier" | "pro") => (await db()).update(users).set({ subscriptionPlan: plan }).where(eq(users.uid, uid));

type Handler = Parameters<typeof call>[0];
const api = (handler: Handler, path: string, who: Session, opts: CallOptions = {}) => call(handler, path, { ...opts, headers: { ...opts.headers, ...who.headers } });

let serial = 0;
async function newServer(who: Session, url = `${raw.origin}/mcp`) {
  const res = await api(createServerPOST, "/api/servers", who, {
    body: {
      name: `Service ${++serial}`,
      transport: "streamable-http",
      url,
      headers: [{ name: "Authorization", value: SECRET }],
      monitoring: { enabled: true, intervalSec: 900 },
    },
  });
  expect(res.status).toBe(201);
  return res.json as { id: string; name: string };
}

let slugSerial = 0;
const uniqueSlug = (base = "acme") => `${base}-${Date.now().toString(36)}-${++slugSerial}`;

const createPage = (who: Session, body: Record<string, unknown>) => api(pagesPOST, "/api/status-pages", who, { body });
const patchPage = (who: Session, id: string, body: Record<string, unknown>) => api(pagePATCH, `/api/status-pages/${id}`, who, { method: "PATCH", params: { id }, body });
const checkNow = (who: Session, id: string) => api(checkPOST, `/api/servers/${id}/check`, who, { params: { id }, method: "POST" });

describeEachDatabase("status pages", () => {
  let pro: Session;
  let other: Session;
  let free: Session;

  beforeAll(async () => {
    [pro, other, free] = await Promise.all([signedIn("pro"), signedIn("pro"), signedIn("free tier")]);
  });
  beforeEach(() => {
    rawState.methods = {};
  });

  it("gives the free tier one public status page, with the 24 hours of uptime it keeps", async () => {
    const server = await newServer(free);
    const slug = uniqueSlug("free");
    const res = await createPage(free, { slug, title: "Free", serverIds: [server.id] });
    expect(res.status).toBe(201);
    const shown = await publicStatusPage(slug);
    expect(shown).toMatchObject({ title: "Free", uptimeWindow: "24h", servers: [{ name: server.name }] });
    expect(shown!.servers[0].buckets).toHaveLength(24);

    const second = await createPage(free, { slug: uniqueSlug("free"), title: "Second", serverIds: [server.id] });
    expect(second.status).toBe(403);
    expect(second.json).toMatchObject({
      error: "plan_required",
      feature: "statusPages",
      message: "The Free plan allows 1 status page, and you have 1. Delete one or upgrade your plan to add more.",
    });
    expect((await api(pagesGET, "/api/status-pages", free)).json.statusPages).toHaveLength(1);
  });

  it("keeps a lapsed paid plan's oldest published page up, as many as Free has", async () => {
    const owner = await signedIn("pro");
    const server = await newServer(owner);
    const [first, second] = [uniqueSlug("first"), uniqueSlug("second")];
    const firstPage = (await createPage(owner, { slug: first, title: "First", serverIds: [server.id] })).json;
    expect((await createPage(owner, { slug: second, title: "Second", serverIds: [server.id] })).status).toBe(201);
    expect((await publicStatusPage(second))!.uptimeWindow).toBe("90d");

    await setPlan(owner.uid, "free tier");
    expect(await publicStatusPage(first)).toMatchObject({ title: "First", uptimeWindow: "24h" });
    expect(await publicStatusPage(second)).toBeNull();
    expect((await createPage(owner, { slug: uniqueSlug(), title: "Third", serverIds: [server.id] })).json).toMatchObject({ error: "plan_required", feature: "statusPages" });
    // Taking the first down leaves room for the other.
    expect((await patchPage(owner, firstPage.id, { published: false })).status).toBe(200);
    expect(await publicStatusPage(first)).toBeNull();
    expect(await publicStatusPage(second)).toMatchObject({ title: "Second" });
  });

  it("creates a page of the owner's servers in the chosen order and records it", async () => {
    const [a, b] = [await newServer(pro), await newServer(pro)];
    const slug = uniqueSlug();
    const res = await createPage(pro, { slug, title: "Acme services", serverIds: [b.id, a.id] });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(String),
      slug,
      title: "Acme services",
      published: true,
      showUrls: false,
      servers: [
        { id: b.id, name: b.name },
        { id: a.id, name: a.name },
      ],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const list = await api(pagesGET, "/api/status-pages", pro);
    expect(list.json.statusPages.map((p: { id: string }) => p.id)).toContain(res.json.id);
    const [event] = await (await db()).select().from(activityEvents).where(eq(activityEvents.targetId, res.json.id));
    expect(event).toMatchObject({ userUid: pro.uid, action: "status_page.created" });
  });

  it("refuses bad slugs and missing servers with the field named (400), and a taken slug in any case (409)", async () => {
    const server = await newServer(pro);
    for (const slug of ["ab", "has space", "-leading", "double--hyphen", "x".repeat(49), "ünï"]) {
      const res = await createPage(pro, { slug, title: "T", serverIds: [server.id] });
      expect(res.status).toBe(400);
      expect(res.json.error).toBe("validation_failed");
      expect(res.json.details).toEqual([expect.objectContaining({ path: "slug" })]);
    }
    const none = await createPage(pro, { slug: uniqueSlug(), title: "T", serverIds: [] });
    expect(none.json.details).toEqual([{ path: "serverIds", message: "Choose at least one server." }]);

    const slug = uniqueSlug("taken");
    expect((await createPage(pro, { slug, title: "First", serverIds: [server.id] })).status).toBe(201);
    const otherServer = await newServer(other);
    const clash = await createPage(other, { slug: slug.toUpperCase(), title: "Second", serverIds: [otherServer.id] });
    expect(clash.status).toBe(409);
    expect(clash.json).toMatchObject({ error: "conflict", message: "This address is taken. Choose another one." });
  });

  it("keeps each owner to their own pages and servers", async () => {
    const mine = await newServer(pro);
    const theirs = await newServer(other);
    const stolen = await createPage(pro, { slug: uniqueSlug(), title: "T", serverIds: [mine.id, theirs.id] });
    expect(stolen.status).toBe(400);
    expect(stolen.json.details).toEqual([expect.objectContaining({ path: "serverIds" })]);

    const page = (await createPage(pro, { slug: uniqueSlug(), title: "Mine", serverIds: [mine.id] })).json;
    const id = page.id as string;
    expect((await api(pageGET, `/api/status-pages/${id}`, other, { params: { id } })).status).toBe(404);
    expect((await patchPage(other, id, { published: false })).status).toBe(404);
    expect((await api(pageDELETE, `/api/status-pages/${id}`, other, { method: "DELETE", params: { id } })).status).toBe(404);
    expect((await api(pagesGET, "/api/status-pages", other)).json.statusPages.map((p: { id: string }) => p.id)).not.toContain(id);
    // Nothing changed for the owner.
    expect((await api(pageGET, `/api/status-pages/${id}`, pro, { params: { id } })).json).toMatchObject({ published: true, title: "Mine" });
  });

  it("shows only what the owner chose: names, statuses, 90 days of uptime, open incidents in general words with their updates", async () => {
    const server = await newServer(pro);
    const slug = uniqueSlug("public");
    const page = (await createPage(pro, { slug, title: "Acme public", serverIds: [server.id] })).json;

    // Two failed checks in a row: down, and an incident opens.
    rawState.methods = { initialize: "invalid" };
    expect((await checkNow(pro, server.id)).status).toBe(200);
    expect((await checkNow(pro, server.id)).json.status).toBe("down");
    const incident = (await api(incidentsGET, `/api/servers/${server.id}/incidents`, pro, { params: { id: server.id } })).json.incidents[0];
    expect(incident.closedAt).toBeNull();

    const params = { id: server.id, incidentId: incident.id };
    const path = `/api/servers/${server.id}/incidents/${incident.id}/updates`;
    expect((await api(updatesPOST, path, pro, { params, body: { body: "  " } })).json.details).toEqual([{ path: "body", message: "Write the update." }]);
    expect((await api(updatesPOST, path, other, { params, body: { body: "Not mine" } })).status).toBe(404);
    const posted = await api(updatesPOST, path, pro, { params, body: { body: "We are looking into it." } });
    expect(posted.status).toBe(201);
    expect((await api(updatesGET, path, pro, { params })).json.updates).toEqual([{ id: posted.json.id, body: "We are looking into it.", createdAt: expect.any(String) }]);

    const data = await publicStatusPage(slug.toUpperCase());
    expect(data).toMatchObject({
      title: "Acme public",
      servers: [
        {
          name: server.name,
          url: null,
          status: "down",
          // The discovery at save answered; the two checks after it did not.
          uptimePct: 33.33,
          openIncidents: [{ openedAt: incident.openedAt, summary: "The service answered in an unexpected way.", updates: [{ body: "We are looking into it.", createdAt: expect.any(String) }] }],
        },
      ],
    });
    expect(data!.servers[0].buckets).toHaveLength(90);
    expect(data!.servers[0].buckets.at(-1)).toMatchObject({ checks: 3, failed: 2, uptimePct: 33.33 });

    const text = JSON.stringify(data);
    for (const secret of [SECRET, "status-page-secret", raw.origin, String(raw.port), server.id, page.id, pro.uid, pro.email, incident.id, incident.reason]) {
      expect(text).not.toContain(secret);
    }
  });

  it("shows URLs only when the owner turns them on, and at once", async () => {
    const server = await newServer(pro);
    const slug = uniqueSlug("urls");
    const page = (await createPage(pro, { slug, title: "With URLs", serverIds: [server.id] })).json;
    expect((await publicStatusPage(slug))!.servers[0].url).toBeNull();
    expect((await patchPage(pro, page.id, { showUrls: true })).status).toBe(200);
    expect((await publicStatusPage(slug))!.servers[0].url).toBe(`${raw.origin}/mcp`);
    expect(JSON.stringify(await publicStatusPage(slug))).not.toContain(SECRET);
    expect((await patchPage(pro, page.id, { showUrls: false })).status).toBe(200);
    expect((await publicStatusPage(slug))!.servers[0].url).toBeNull();
    // A change of one field leaves the others as they were.
    expect((await patchPage(pro, page.id, { published: false })).json).toMatchObject({ published: false, showUrls: false });
    expect((await patchPage(pro, page.id, { showUrls: true })).json).toMatchObject({ published: false, showUrls: true });
  });

  it("public status pages publish credentials in URLs: shown URLs keep scheme, host and path only", async () => {
    const withSecrets = `http://probe:url-password-5e1d@127.0.0.1:${raw.port}/mcp?api_key=query-secret-8c2f#fragment-secret`;
    const server = await newServer(pro, withSecrets);
    const slug = uniqueSlug("creds");
    await createPage(pro, { slug, title: "Credentials", serverIds: [server.id], showUrls: true });
    const shown = await publicStatusPage(slug);
    expect(shown!.servers[0].url).toBe(`http://127.0.0.1:${raw.port}/mcp`);
    for (const secret of ["probe", "url-password", "api_key", "query-secret", "fragment-secret"]) expect(JSON.stringify(shown)).not.toContain(secret);
  });

  it("takes the page down at once when unpublished, renamed, deleted or when the plan lapses", async () => {
    const server = await newServer(pro);
    const slug = uniqueSlug("down");
    const page = (await createPage(pro, { slug, title: "Going away", serverIds: [server.id] })).json;
    expect(await publicStatusPage(slug)).not.toBeNull();

    expect((await patchPage(pro, page.id, { published: false })).json.published).toBe(false);
    expect(await publicStatusPage(slug)).toBeNull();
    expect((await patchPage(pro, page.id, { published: true })).status).toBe(200);
    expect(await publicStatusPage(slug)).not.toBeNull();

    const renamed = uniqueSlug("moved");
    expect((await patchPage(pro, page.id, { slug: renamed })).json.slug).toBe(renamed);
    expect(await publicStatusPage(slug)).toBeNull();
    expect((await publicStatusPage(renamed))!.title).toBe("Going away");
    // The old address is free again.
    const again = await createPage(other, { slug, title: "Reused", serverIds: [(await newServer(other)).id] });
    expect(again.status).toBe(201);

    expect((await api(pageDELETE, `/api/status-pages/${page.id}`, pro, { method: "DELETE", params: { id: page.id } })).status).toBe(204);
    expect(await publicStatusPage(renamed)).toBeNull();
    expect((await api(pageGET, `/api/status-pages/${page.id}`, pro, { params: { id: page.id } })).status).toBe(404);
  });

  it("answers unknown and impossible addresses with nothing", async () => {
    expect(await publicStatusPage(uniqueSlug("never"))).toBeNull();
    expect(await publicStatusPage("../../etc/passwd")).toBeNull();
  });

  it("lets only full monitoring post incident updates", async () => {
    const server = await newServer(free);
    rawState.methods = { initialize: "invalid" };
    await checkNow(free, server.id);
    await checkNow(free, server.id);
    const incident = (await api(incidentsGET, `/api/servers/${server.id}/incidents`, free, { params: { id: server.id } })).json.incidents[0];
    const res = await api(updatesPOST, `/api/servers/${server.id}/incidents/${incident.id}/updates`, free, {
      params: { id: server.id, incidentId: incident.id },
      body: { body: "Looking" },
    });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ error: "plan_required", feature: "fullMonitoring" });
  });
});
