import "server-only";
import { conflict } from "../http/errors";
import { leaseSession, onPooledSession, upstreamHttpError } from "./call";
import { NDJSON } from "../api/ndjson";
import type { ServerEventLine, SubscriptionsResponse } from "./schema";
import { findCallTarget } from "./targets";

/**
 * The server's notifications between calls (resource updates, list
 * changes, log messages), streamed to the page while it listens, and the
 * resource subscriptions that bring updates. The stream holds the user's
 * pooled connection, so it is not closed as idle meanwhile; it ends when
 * the page goes away or the connection closes (the page then reconnects).
 */

/** Often enough that proxies do not take a quiet stream for a dead one. */
const HEARTBEAT_MS = 25_000;

export async function streamServerEvents(uid: string, serverId: string, req: Request): Promise<Response> {
  const target = await findCallTarget(uid, serverId);
  const held = await leaseSession(uid, target).catch((err: unknown) => {
    throw upstreamHttpError(err);
  });
  const { session } = held;
  const encoder = new TextEncoder();
  let end = () => {};

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      const write = (line: ServerEventLine) => {
        if (open) controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
      };
      const unwatch = session.watch((event) => {
        write(event);
        if (event.type === "closed") end();
      });
      const beat = setInterval(() => write({ type: "heartbeat" }), HEARTBEAT_MS);
      end = () => {
        if (!open) return;
        open = false;
        unwatch();
        clearInterval(beat);
        // Through `req`, which this keeps alive: a request's signal follows the connection only while the request lives.
        req.signal.removeEventListener("abort", end);
        held.release();
        try {
          controller.close();
        } catch {
          // Already closed: the page went away first.
        }
      };
      req.signal.addEventListener("abort", end, { once: true });
      write({ type: "ready", subscriptions: session.subscriptions });
      if (!session.usable) end();
    },
    cancel() {
      end();
    },
  });
  return new Response(body, {
    headers: { "content-type": `${NDJSON}; charset=utf-8`, "cache-control": "no-store, no-transform", "x-accel-buffering": "no" },
  });
}

/** Subscribes the user's connection to `uri` (or ends the subscription), when the server offers subscriptions. */
export async function setSubscription(uid: string, serverId: string, uri: string, subscribed: boolean): Promise<SubscriptionsResponse> {
  const target = await findCallTarget(uid, serverId);
  return onPooledSession(uid, target, async (session) => {
    const resources = session.connection.capabilities.resources as { subscribe?: boolean } | undefined;
    if (!resources?.subscribe) throw conflict("This server does not offer resource subscriptions.");
    await (subscribed ? session.subscribe(uri) : session.unsubscribe(uri));
    return { subscriptions: session.subscriptions };
  });
}
