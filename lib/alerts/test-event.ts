import "server-only";
import { db } from "../db";
import { conflict, notFound } from "../http/errors";
import { mailEnabled } from "../mail/service";
import { enforce } from "../rate-limit/service";
import { deliveriesByIds } from "./deliveries";
import { testPayload } from "./payload";
import { assertMayAlert, channelsOf, loadOwner, queueDeliveries } from "./recipients";
import type { TestEventResponse } from "./schema";
import { attempt, claimOne } from "./send";

const TESTS_PER_MINUTE = 5;

/**
 * "Send a test event": a `test` delivery to each of the user's channels,
 * queued and sent through the same path as real alerts (whatever the plan,
 * so that a receiver can be set up before it is needed), tried once at once,
 * and answered with how each went.
 */
export async function sendTestEvent(uid: string, now = new Date()): Promise<TestEventResponse> {
  await enforce(`alerts-test:${uid}`, TESTS_PER_MINUTE, 60, "Too many test events. Wait a minute and try again.");
  const d = await db();
  const owner = await loadOwner(d, uid);
  if (!owner) throw notFound("This account does not exist.");
  assertMayAlert(owner);
  const channels = channelsOf(owner);
  if (channels.length === 0) {
    throw conflict(mailEnabled() ? "Nowhere to send it: turn on email alerts or add a webhook URL first." : "Nowhere to send it: add a webhook URL first (email is off on this installation).");
  }
  const ids = await queueDeliveries(d, { owner, channels, serverId: null, incidentId: null, now, payload: (id) => testPayload(id, now) });
  await Promise.all(
    ids.map(async (id) => {
      // Unless a dispatcher took it first, in which case the answer shows it pending.
      const row = await claimOne(d, id, now);
      if (row) await attempt(d, row, now);
    }),
  );
  return { deliveries: await deliveriesByIds(uid, ids) };
}
