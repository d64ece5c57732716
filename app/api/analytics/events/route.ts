import { analyticsBatchSchema } from "@/lib/analytics/schema";
import { MAX_BATCH_BYTES } from "@/lib/analytics/events";
import { storeEvents } from "@/lib/analytics/service";
import { CONSENT_COOKIE, parseConsentCookie } from "@/lib/consent/consent";
import { route } from "@/lib/route/handler";
import { addressKey } from "@/lib/http/client-address";
import { enforce } from "@/lib/rate-limit/service";
import { z } from "zod";

const analyticsStored = z.object({ stored: z.number().int().describe("Events stored; 0 without consent.") });

/** Batches a minute per address (an IPv6 client's /64); a page sends one every few seconds at most. */
const RATE_LIMIT = { limit: 60, windowSec: 60 };

/**
 * POST /api/analytics/events — first-party analytics. Stored only when the
 * request carries the consent cookie with analytics allowed; otherwise it is
 * answered and dropped.
 */
export const POST = route(
  { auth: "optional", doc: { summary: "Record first-party analytics events (only with the visitor's consent)", response: analyticsStored }, body: analyticsBatchSchema, maxBodyBytes: MAX_BATCH_BYTES },
  async ({ req, user, body, ip }) => {
    await enforce(`analytics:${addressKey(ip)}`, RATE_LIMIT.limit, RATE_LIMIT.windowSec, "Too many analytics requests.");
    const consent = parseConsentCookie(req.cookies.get(CONSENT_COOKIE)?.value);
    if (!consent?.analytics) return { stored: 0 };
    return { stored: await storeEvents(body, user) };
  },
);
