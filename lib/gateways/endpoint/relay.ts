import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage, RequestId } from "@modelcontextprotocol/sdk/types.js";
import { channelsOf } from "../../db/channels";
import { database, db } from "../../db";
import { gatewayRelay, gatewaySessions } from "../../db/schema";
import { log } from "../../log";
import { processSingleton } from "../../process-singleton";
import { openedBy, type SessionRef } from "./access";
import { MAX_PENDING_ANSWERS_PER_CREDENTIAL } from "./bounds";
import { GATEWAY_ERRORS, GatewayError } from "./operations";

/**
 * Messages a client sends about a request that is still running: its answer
 * to a question the server asked during a call (elicitation, sampling,
 * roots) and a cancellation. They come in a POST of their own, which the
 * load balancer may hand to another instance than the one running the call.
 *
 * - An answer. Each question leaves with an id of its own, and a row of
 *   `gateway_relay` under that id waits for its answer before it is sent.
 *   The answer is taken only from the session the question went to: on the
 *   instance that asked, by the question's id and session; on any other, by
 *   filling that row (its id, its session, not answered yet), announced so
 *   that the asking instance takes it. An answer to nothing asked, or
 *   posted on another session, fills nothing: it is dropped. The row goes
 *   when the answer is taken or the request ends.
 * - A cancellation reaches the request it names, on this instance or, by an
 *   announcement that carries it (nothing stored), on the one running it.
 * - Any other notification (initialized, roots changed, progress) concerns
 *   no request the gateway runs: dropped.
 */

const CHANNEL = "gateway_relay";

interface Running {
  session: SessionRef;
  /** The transport's own handler, which the SDK set. */
  receive: (message: JSONRPCMessage) => void;
  /** The client's requests this HTTP request carries, by their id as JSON. */
  requests: Map<string, RequestId>;
}

interface Relay {
  /** Session id → the requests it is running here. */
  live: Map<string, Set<Running>>;
  /** Our id of a question to a client (its row's id) → where its answer goes, and the id the SDK gave it. */
  asked: Map<string, { running: Running; original: RequestId }>;
  listening: Promise<void> | undefined;
}

const relay = () => processSingleton("gateway-relay", (): Relay => ({ live: new Map(), asked: new Map(), listening: undefined }));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A request id as announced: the client picks its ids, and an announcement is short. */
const digest = (idJson: string) => createHash("sha256").update(idJson).digest("base64url");

function listen(r: Relay): Promise<void> {
  r.listening ??= (async () => {
    await channelsOf(await database()).listen(CHANNEL, (payload) => {
      const [kind, first, second] = payload.split(" ");
      if (kind === "answer" && r.asked.has(first)) void take(r, first);
      if (kind === "cancel") cancelHere(r, first, (idJson) => digest(idJson) === second);
    });
  })().catch((err: unknown) => {
    r.listening = undefined;
    throw err;
  });
  return r.listening;
}

/** Passes an answer to the request that asked, by our id; the row of the question is the caller's to delete. */
function answerHere(r: Relay, askedId: string, message: JSONRPCMessage) {
  const asked = r.asked.get(askedId);
  if (!asked) return;
  r.asked.delete(askedId);
  asked.running.receive({ ...message, id: asked.original } as JSONRPCMessage);
}

/** Takes an answer another instance stored for a question asked here. */
async function take(r: Relay, askedId: string) {
  try {
    const [row] = await (await db())
      .delete(gatewayRelay)
      .where(and(eq(gatewayRelay.id, askedId), isNotNull(gatewayRelay.message)))
      .returning({ sessionId: gatewayRelay.sessionId, message: gatewayRelay.message });
    if (row && r.asked.get(askedId)?.running.session.id === row.sessionId) answerHere(r, askedId, row.message as JSONRPCMessage);
  } catch (err) {
    log.warn("gateway answer not taken", { err });
  }
}

/** Cancels the session's requests here whose id `matches`; whether there was one. */
function cancelHere(r: Relay, sessionId: string, matches: (idJson: string) => boolean): boolean {
  for (const running of r.live.get(sessionId) ?? []) {
    for (const [idJson, requestId] of running.requests) {
      if (!matches(idJson)) continue;
      running.receive({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId } });
      return true;
    }
  }
  return false;
}

const forgetQuestions = (ids: string[]) =>
  void db()
    .then((d) => d.delete(gatewayRelay).where(inArray(gatewayRelay.id, ids)))
    .catch((err: unknown) => log.warn("gateway questions not forgotten", { err }));

/**
 * Stores a question for the session's client to answer, unless the clients
 * of its credential already owe the most answers; whether it may be sent.
 */
async function awaitAnswer(askedId: string, session: SessionRef): Promise<boolean> {
  const result = await (await db()).execute(sql`
    insert into ${gatewayRelay} (id, session_id)
    select ${askedId}::uuid, ${session.id}::uuid
     where (select count(*) from ${gatewayRelay} join ${gatewaySessions} on ${gatewaySessions.id} = ${gatewayRelay.sessionId}
             where ${openedBy(session)}) < ${MAX_PENDING_ANSWERS_PER_CREDENTIAL}
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/**
 * Runs a request of `session` on `transport` (connected to its server
 * object), carrying the client's requests `requestIds`: the client's
 * messages about them reach it until the returned function is called.
 */
export async function holdRequest(session: SessionRef, transport: Transport, requestIds: RequestId[]): Promise<() => void> {
  const r = relay();
  await listen(r);
  const receive = transport.onmessage!.bind(transport) as (message: JSONRPCMessage) => void;
  const running: Running = { session, receive, requests: new Map(requestIds.map((id) => [JSON.stringify(id), id])) };
  const send = transport.send.bind(transport);
  transport.send = async (message, options) => {
    if (!("method" in message && "id" in message)) return send(message, options);
    const id = randomUUID();
    // Stored before it leaves: an answer on another instance finds the question waiting.
    if (!(await awaitAnswer(id, session))) {
      throw new GatewayError(GATEWAY_ERRORS.rateLimited, `The clients of this gateway token or app have ${MAX_PENDING_ANSWERS_PER_CREDENTIAL} questions of servers still to answer; this one is refused.`);
    }
    r.asked.set(id, { running, original: message.id });
    return send({ ...message, id }, options);
  };
  let set = r.live.get(session.id);
  if (!set) r.live.set(session.id, (set = new Set()));
  set.add(running);
  return () => {
    set.delete(running);
    if (set.size === 0) r.live.delete(session.id);
    const unanswered = [...r.asked].filter(([, asked]) => asked.running === running).map(([id]) => id);
    for (const id of unanswered) r.asked.delete(id);
    if (unanswered.length) forgetQuestions(unanswered);
  };
}

/** An answer to a question of the gateway, from `sessionId`: to the request that asked, here or elsewhere; dropped otherwise. */
async function answer(r: Relay, sessionId: string, message: JSONRPCMessage & { id?: RequestId }) {
  if (message.id === undefined) return;
  const askedId = String(message.id);
  const asked = r.asked.get(askedId);
  if (asked) {
    if (asked.running.session.id !== sessionId) return;
    answerHere(r, askedId, message);
    forgetQuestions([askedId]);
    return;
  }
  if (!UUID.test(askedId)) return;
  const filled = await (await db())
    .update(gatewayRelay)
    .set({ message: message as Record<string, unknown> })
    .where(and(eq(gatewayRelay.id, askedId), eq(gatewayRelay.sessionId, sessionId), isNull(gatewayRelay.message)))
    .returning({ id: gatewayRelay.id });
  if (filled.length) await channelsOf(await database()).publish(CHANNEL, `answer ${askedId}`);
}

/** A cancellation from `sessionId`: to its request, here or on the instance running it. */
async function cancel(r: Relay, sessionId: string, requestId: unknown) {
  if (typeof requestId !== "string" && typeof requestId !== "number") return;
  const idJson = JSON.stringify(requestId);
  if (cancelHere(r, sessionId, (each) => each === idJson)) return;
  await channelsOf(await database()).publish(CHANNEL, `cancel ${sessionId} ${digest(idJson)}`);
}

/** Passes the client's answers and cancellations to the requests they concern, on this instance or another. */
export async function deliver(sessionId: string, messages: JSONRPCMessage[]): Promise<void> {
  const r = relay();
  for (const message of messages) {
    if ("id" in message && ("result" in message || "error" in message)) await answer(r, sessionId, message);
    else if ("method" in message && message.method === "notifications/cancelled") await cancel(r, sessionId, message.params?.requestId);
  }
}
