import { eq } from "drizzle-orm";
import { POST as analyticsPOST } from "@/app/api/analytics/events/route";
import { CONSENT_COOKIE, CONSENT_LIFETIME_MS, chooseConsent, serializeConsent } from "@/lib/consent/consent";
import { db } from "@/lib/db";
import { analyticsEvents } from "@/lib/db/schema";
import { describeEachDatabase } from "../support/databases";
import { clientAddress } from "../support/client-address";
import { call } from "../support/http";
import { signIn } from "../support/sign-in";
import { startEarlyInMinute } from "../support/fixed-window";

function consentCookie(analytics: boolean, timestamp = Date.now()) {
  return `${CONSENT_COOKIE}=${encodeURIComponent(serializeConsent(chooseConsent({ analytics, marketing: false }, timestamp)))}`;
}

/** A path unique to each test, to find exactly the rows it stored. */
let pathCounter = 0;
const uniquePath = () => `/test-${Date.now()}-${++pathCounter}`;

async function post(body: unknown, opts: { cookie?: string; ip?: string } = {}) {
  return call(analyticsPOST, "/api/analytics/events", { body, cookie: opts.cookie, headers: { "x-forwarded-for": opts.ip ?? clientAddress() } });
}

async function rowsFor(path: string) {
  return (await db()).select().from(analyticsEvents).where(eq(analyticsEvents.path, path));
}

describeEachDatabase("POST /api/analytics/events", () => {
  it("stores nothing without the consent cookie", async () => {
    const path = uniquePath();
    const res = await post({ events: [{ name: "page_view", path }] });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ stored: 0 });
    expect(await rowsFor(path)).toHaveLength(0);
  });

  it("stores nothing when the consent cookie refuses analytics, or is more than a year old", async () => {
    const path = uniquePath();
    expect((await post({ events: [{ name: "page_view", path }] }, { cookie: consentCookie(false) })).json).toEqual({ stored: 0 });
    const old = consentCookie(true, Date.now() - CONSENT_LIFETIME_MS - 60_000);
    expect((await post({ events: [{ name: "page_view", path }] }, { cookie: old })).json).toEqual({ stored: 0 });
    expect(await rowsFor(path)).toHaveLength(0);
  });

  it("stores a consented batch: names, paths, properties, utm, the default user type", async () => {
    const path = uniquePath();
    const res = await post(
      {
        events: [
          { name: "page_view", path, properties: { referrer: "news.example" }, timestamp: Date.now() - 5000 },
          { name: "page_load_timing", path, properties: { loadMs: 812, domContentLoadedMs: 420 } },
        ],
        utm: { utm_source: "newsletter", utm_campaign: "launch" },
      },
      { cookie: consentCookie(true) },
    );
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ stored: 2 });
    const rows = await rowsFor(path);
    expect(rows.map((r) => r.name).sort()).toEqual(["page_load_timing", "page_view"]);
    for (const row of rows) {
      expect(row).toMatchObject({ userUid: null, userType: "standard", utm: { utm_source: "newsletter", utm_campaign: "launch" } });
    }
    expect(rows.find((r) => r.name === "page_load_timing")!.properties).toEqual({ loadMs: 812, domContentLoadedMs: 420 });
  });

  it("ties events to the signed-in user", async () => {
    const u = await signIn();
    const cookie = `${u.cookie}; ${consentCookie(true)}`;
    const path = uniquePath();
    expect((await post({ events: [{ name: "sign_in", path, properties: { method: "password" } }] }, { cookie })).json).toEqual({ stored: 1 });
    const [row] = await rowsFor(path);
    expect(row).toMatchObject({ name: "sign_in", userUid: u.uid, userType: "standard", properties: { method: "password" } });
  });

  it("cuts client error messages to 500 characters", async () => {
    const path = uniquePath();
    await post({ events: [{ name: "client_error", path, properties: { message: "e".repeat(2000) } }] }, { cookie: consentCookie(true) });
    const [row] = await rowsFor(path);
    expect((row.properties.message as string).length).toBe(500);
  });

  it("validates the batch: known names, at most 25 events, a path that is a path", async () => {
    const cookie = consentCookie(true);
    const unknown = await post({ events: [{ name: "bought_yacht" }] }, { cookie });
    expect(unknown.status).toBe(400);
    expect(unknown.json.details[0].path).toBe("events.0.name");
    const many = await post({ events: Array.from({ length: 26 }, () => ({ name: "page_view" })) }, { cookie });
    expect(many.status).toBe(400);
    expect((await post({ events: [] }, { cookie })).status).toBe(400);
    expect((await post({ events: [{ name: "page_view", path: "https://elsewhere.example/" }] }, { cookie })).status).toBe(400);
    expect((await post({ events: [{ name: "page_view" }], utm: { utm_evil: "x" } }, { cookie })).status).toBe(400);
  });

  it("refuses a body over 32 kB", async () => {
    const res = await post({ events: [{ name: "page_view", properties: { blob: "x".repeat(40 * 1024) } }] }, { cookie: consentCookie(true) });
    expect(res.status).toBe(413);
  });

  it("limits each address to 60 batches a minute", async () => {
    await startEarlyInMinute();
    const ip = clientAddress();
    const cookie = consentCookie(true);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await post({ events: [{ name: "page_view", path: uniquePath() }] }, { cookie, ip })).status);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  }, 120_000);
});
