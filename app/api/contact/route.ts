import { HONEYPOT_FIELD } from "@/lib/contact/fields";
import { contactSchema } from "@/lib/contact/schema";
import { saveContactMessage } from "@/lib/contact/service";
import { z } from "zod";
import { json, route } from "@/lib/route/handler";
import { addressKey } from "@/lib/http/client-address";
import { enforce } from "@/lib/rate-limit/service";

/** Messages an hour per address (an IPv6 client's /64): enough for a person, too few to be worth spamming. */
const RATE_LIMIT = { limit: 5, windowSec: 3600 };

const contactReceived = z.object({ ok: z.literal(true), message: z.string() });

const RECEIVED = { ok: true, message: "Thank you. Your message has been received." };

/**
 * POST /api/contact — the public contact form. A filled honeypot gets the
 * same answer as a real message, so that a bot learns nothing, and nothing
 * is stored.
 */
export const POST = route(
  { auth: "optional", doc: { summary: "Send a message through the contact form", status: 201, response: contactReceived }, body: contactSchema, maxBodyBytes: 16 * 1024 },
  async ({ req, user, body, ip, log }) => {
    await enforce(
      `contact:${addressKey(ip)}`,
      RATE_LIMIT.limit,
      RATE_LIMIT.windowSec,
      "You have sent several messages in a short time. Please try again in an hour.",
    );
    if (body[HONEYPOT_FIELD]) {
      log.info("contact honeypot filled; message dropped");
      return json(RECEIVED, 201);
    }
    await saveContactMessage(body, { ip, userAgent: req.headers.get("user-agent"), senderUid: user?.uid ?? null });
    return json(RECEIVED, 201);
  },
);
