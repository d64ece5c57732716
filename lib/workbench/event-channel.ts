import "server-only";
import { channelsOf } from "../db/channels";
import { database } from "../db";
import { log } from "../log";
import type { SessionEvent } from "../upstream/session";

/**
 * What a user's connections to a server say between calls, passed to
 * whichever instance holds the page's event stream: the connection that
 * hears it (its own subscription, or the one a call toggled) may live on
 * another instance than the stream. A NOTIFY on PostgreSQL, in process on
 * PGlite (lib/db/channels.ts).
 */

const CHANNEL = "workbench_events";
/** PostgreSQL refuses a payload of 8,000 bytes or more; a longer log message goes without its data. */
const MAX_PAYLOAD = 7_000;

type Shared = Exclude<SessionEvent, { type: "closed" }>;
interface Envelope {
  key: string;
  event: Shared;
}

const keyOf = (uid: string, serverId: string) => `${serverId}:${uid}`;

export async function publishSessionEvent(uid: string, serverId: string, event: Shared): Promise<void> {
  let payload = JSON.stringify({ key: keyOf(uid, serverId), event } satisfies Envelope);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD && event.type === "log") {
    payload = JSON.stringify({ key: keyOf(uid, serverId), event: { ...event, data: "(a log message too long to pass on)" } } satisfies Envelope);
  }
  await channelsOf(await database())
    .publish(CHANNEL, payload)
    .catch((err: unknown) => log.warn("workbench event not passed on", { err }));
}

/** Hears the events of the user's connections to the server, on any instance, until the returned function is called. */
export async function onSessionEvents(uid: string, serverId: string, heard: (event: Shared) => void): Promise<() => void> {
  const key = keyOf(uid, serverId);
  return channelsOf(await database()).listen(CHANNEL, (payload) => {
    const envelope = JSON.parse(payload) as Envelope;
    if (envelope.key === key) heard(envelope.event);
  });
}
