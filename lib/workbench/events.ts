import "server-only";
import { conflict } from "../http/errors";
import { leaseSession, onPooledSession, upstreamHttpError } from "../upstream/call";
import { ndjsonResponse } from "../api-contract/ndjson";
import { enforce } from "../rate-limit/service";
import type { ServerEventLine, SubscriptionsResponse } from "./schema";
import { onSessionEvents } from "./event-channel";
import { recordSubscription, subscribedUris } from "./subscriptions";
import { findCallTarget } from "../servers/call-target";

/**
 * The server's notifications between calls (resource updates, list
 * changes, log messages), streamed to the page while it listens, and the
 * resource subscriptions that bring updates. The stream holds the user's
 * pooled connection, so it is not closed as idle meanwhile; it ends when
 * the page goes away or the connection closes (the page then reconnects).
 * Subscriptions are stored (./subscriptions) and followed by every
 * connection of the user to the server, on any instance; what any of them
 * hears comes to the stream through ./event-channel.
 */

/** Often enough that proxies do not take a quiet stream for a dead one. */
const HEARTBEAT_MS = 25_000;
/** A page opens one stream and reopens it after a drop; more than this a minute is a runaway script. */
const STREAMS_PER_MINUTE = 30;
/** Each (un)subscription is a click; this leaves room and stops a loop. */
const SUBSCRIPTIONS_PER_MINUTE = 60;

export async function streamServerEvents(uid: string, serverId: string, req: Request): Promise<Response> {
  await enforce(`workbench-events:${uid}`, STREAMS_PER_MINUTE, 60, "Too many event streams opened. Wait a moment.");
  const target = await findCallTarget(uid, serverId);
  const held = await leaseSession(uid, target).catch((err: unknown) => {
    throw upstreamHttpError(err);
  });
  const { session } = held;
  let write: (line: ServerEventLine) => void = () => {};
  let end = () => {};
  const recent = new Map<string, number>();
  let stopHearing: () => void;
  try {
    stopHearing = await onSessionEvents(uid, serverId, (event) => (once(recent, JSON.stringify(event)) ? write(event) : undefined));
  } catch (err) {
    held.release();
    throw err;
  }

  return ndjsonResponse<ServerEventLine>(
    (out) => {
      write = out.write;
      const unwatch = session.watch((event) => {
        if (event.type !== "closed") return;
        write(event);
        end();
      });
      const beat = setInterval(() => write({ type: "heartbeat" }), HEARTBEAT_MS);
      end = () => {
        if (!out.open) return;
        // First, so that nothing more is written and the clean-up runs once.
        out.close();
        unwatch();
        stopHearing();
        clearInterval(beat);
        // Through `req`, which this keeps alive: a request's signal follows the connection only while the request lives.
        req.signal.removeEventListener("abort", end);
        held.release();
      };
      req.signal.addEventListener("abort", end, { once: true });
      write({ type: "ready", subscriptions: session.subscriptions });
      if (!session.usable) end();
    },
    () => end(),
  );
}

/** Two of the user's connections subscribed to one resource both hear its change: the page is told once. */
const SAME_EVENT_MS = 1_000;

/** False when the same event was passed on within SAME_EVENT_MS. */
function once(recent: Map<string, number>, event: string): boolean {
  const now = Date.now();
  for (const [seen, at] of recent) if (now - at >= SAME_EVENT_MS) recent.delete(seen);
  if (recent.has(event)) return false;
  recent.set(event, now);
  return true;
}

/** Subscribes the user's connection to `uri` (or ends the subscription), when the server offers subscriptions. */
export async function setSubscription(uid: string, serverId: string, uri: string, subscribed: boolean): Promise<SubscriptionsResponse> {
  await enforce(`workbench-subscriptions:${uid}`, SUBSCRIPTIONS_PER_MINUTE, 60, "Too many subscription changes. Wait a moment.");
  const target = await findCallTarget(uid, serverId);
  return onPooledSession(uid, target, async (session) => {
    const resources = session.connection.capabilities.resources as { subscribe?: boolean } | undefined;
    if (!resources?.subscribe) throw conflict("This server does not offer resource subscriptions.");
    // The server says here whether it takes the resource; the user's other connections follow the stored list.
    await (subscribed ? session.subscribe(uri) : session.unsubscribe(uri));
    await recordSubscription(uid, serverId, uri, subscribed);
    return { subscriptions: await subscribedUris(uid, serverId) };
  });
}
