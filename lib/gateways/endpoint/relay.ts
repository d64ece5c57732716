import "server-only";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { channelsOf } from "../../db/channels";
import { database, db } from "../../db";
import { gatewayRelay } from "../../db/schema";
import { log } from "../../log";
import { processSingleton } from "../../process-singleton";

/**
 * Messages a client sends about a request that is still running: its answer
 * to a question the server asked during a call (elicitation, sampling) and a
 * cancellation. They come in a POST of their own, which the load balancer
 * may hand to another instance than the one running the call. The instance
 * that receives one delivers it here when it runs the session's request
 * itself; otherwise it stores it and announces its id, and the instance that
 * runs the request takes it.
 *
 * Each request to a client leaves with an id unique to the process (the SDK
 * numbers them per server object, and a gateway makes one per HTTP
 * request), so that an answer reaches the request that asked, and no other.
 */

const CHANNEL = "gateway_relay";

interface Running {
  transport: Transport;
  /** The transport's own handler, which the SDK set. */
  receive: (message: JSONRPCMessage) => void;
}

interface Relay {
  /** Session id → the requests it is running here. */
  live: Map<string, Set<Running>>;
  /** Our id of a request to a client → where its answer goes, and the id the SDK gave it. */
  asked: Map<string, { running: Running; original: string | number }>;
  listening: Promise<void> | undefined;
}

const relay = () => processSingleton("gateway-relay", (): Relay => ({ live: new Map(), asked: new Map(), listening: undefined }));

function deliverHere(r: Relay, sessionId: string, message: JSONRPCMessage): boolean {
  const running = r.live.get(sessionId);
  if (!running?.size) return false;
  if ("id" in message && ("result" in message || "error" in message)) {
    const asked = r.asked.get(String(message.id));
    if (!asked) return true;
    r.asked.delete(String(message.id));
    asked.running.receive({ ...message, id: asked.original } as JSONRPCMessage);
    return true;
  }
  // A notification (cancelled, roots changed): each request of the session takes what concerns it.
  for (const each of running) each.receive(message);
  return true;
}

function listen(r: Relay): Promise<void> {
  r.listening ??= (async () => {
    await channelsOf(await database()).listen(CHANNEL, (payload) => {
      const [sessionId, rowId] = payload.split(" ");
      if (!r.live.get(sessionId)?.size) return;
      void take(r, sessionId, rowId);
    });
  })().catch((err: unknown) => {
    r.listening = undefined;
    throw err;
  });
  return r.listening;
}

async function take(r: Relay, sessionId: string, rowId: string) {
  try {
    const [row] = await (await db()).delete(gatewayRelay).where(eq(gatewayRelay.id, rowId)).returning({ message: gatewayRelay.message });
    if (row) deliverHere(r, sessionId, row.message as JSONRPCMessage);
  } catch (err) {
    log.warn("gateway message not taken", { err });
  }
}

/**
 * Runs a request of `sessionId` on `transport` (connected to its server
 * object): the client's messages about it reach it until the returned
 * function is called.
 */
export async function holdRequest(sessionId: string, transport: Transport): Promise<() => void> {
  const r = relay();
  await listen(r);
  const receive = transport.onmessage!.bind(transport) as (message: JSONRPCMessage) => void;
  const running: Running = { transport, receive };
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    if ("method" in message && "id" in message) {
      const id = randomUUID();
      r.asked.set(id, { running, original: message.id });
      return send({ ...message, id }, options);
    }
    return send(message, options);
  };
  let set = r.live.get(sessionId);
  if (!set) r.live.set(sessionId, (set = new Set()));
  set.add(running);
  return () => {
    set.delete(running);
    if (set.size === 0) r.live.delete(sessionId);
    for (const [id, asked] of r.asked) if (asked.running === running) r.asked.delete(id);
  };
}

/** Passes the client's messages to the request they concern, on this instance or another. */
export async function deliver(sessionId: string, messages: JSONRPCMessage[]): Promise<void> {
  const r = relay();
  const elsewhere = messages.filter((m) => !deliverHere(r, sessionId, m));
  if (elsewhere.length === 0) return;
  const d = await db();
  const rows = await d
    .insert(gatewayRelay)
    .values(elsewhere.map((message) => ({ sessionId, message: message as Record<string, unknown> })))
    .returning({ id: gatewayRelay.id });
  const channels = channelsOf(await database());
  await Promise.all(rows.map((row) => channels.publish(CHANNEL, `${sessionId} ${row.id}`)));
}
