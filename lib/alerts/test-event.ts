import "server-only";
import { db } from "../db";
import { conflict, notFound } from "../http/errors";
import { mailEnabled } from "../mail/service";
import { enforce } from "../rate-limit/service";
import { deliveriesByIds } from "./deliveries";
import { testPayload } from "./payload";
import { testableChannel } from "./channels/service";
import { accountChannels } from "./channels/routing";
import { assertMayAlert, loadOwner, queueDeliveries, type Channel, type Owner } from "./recipients";
import type { TestEventResponse } from "./schema";
import { attempt, claimOne } from "./send";

const TESTS_PER_MINUTE = 5;

async function testingOwner(uid: string): Promise<Owner> {
  await enforce(`alerts-test:${uid}`, TESTS_PER_MINUTE, 60, "Too many test events. Wait a minute and try again.");
  const owner = await loadOwner(await db(), uid);
  if (!owner) throw notFound("This account does not exist.");
  assertMayAlert(owner);
  return owner;
}

/**
 * "Send a test event": a `test` delivery to each of the user's channels
 * (email, the settings webhook and the notification channels the plan holds),
 * queued and sent through the same path as real alerts (whatever the plan,
 * so that a receiver can be set up before it is needed), tried once at once,
 * and answered with how each went.
 */
export async function sendTestEvent(uid: string, now = new Date()): Promise<TestEventResponse> {
  const owner = await testingOwner(uid);
  const channels = await accountChannels(await db(), owner);
  if (channels.length === 0) {
    throw conflict(
      mailEnabled()
        ? "Nowhere to send it: turn on email alerts, or add a webhook URL or a notification channel first."
        : "Nowhere to send it: add a webhook URL or a notification channel first (email is off on this installation).",
    );
  }
  return sendTest(owner, channels, now);
}

/** "Test" on one notification channel: the same, to that channel alone. */
export async function sendChannelTest(uid: string, channelId: string, now = new Date()): Promise<TestEventResponse> {
  const owner = await testingOwner(uid);
  const c = await testableChannel(uid, channelId);
  return sendTest(owner, [{ channel: c.kind, destination: c.destination, channelId: c.id, key: c.id }], now);
}

async function sendTest(owner: Owner, channels: Channel[], now: Date): Promise<TestEventResponse> {
  const d = await db();
  const ids = await queueDeliveries(d, { owner, channels, serverId: null, incidentId: null, now, payload: (id) => testPayload(id, now) });
  await Promise.all(
    ids.map(async (id) => {
      // Unless a dispatcher took it first, in which case the answer shows it pending.
      const row = await claimOne(d, id, now);
      if (row) await attempt(d, row, now);
    }),
  );
  return { deliveries: await deliveriesByIds(owner.uid, ids) };
}
