import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { ProtocolError } from "@modelcontextprotocol/client";
import { channelsOf } from "../db/channels";
import { database } from "../db";
import { workbenchServerRequests } from "../db/schema";
import { isUuid } from "../guards";
import { badRequest, notFound } from "../http/errors";
import { processSingleton } from "../process-singleton";
import { compileSafePattern } from "./safe-pattern";
import { validateArguments } from "./schema-form/validate";
import type { JsonSchema } from "./schema-form/types";
import type { ServerRequestKind, ServerRequestReply } from "./schema";

/**
 * Requests a server sends back during a streamed workbench call, waiting for
 * the person at the page: announced on the call's stream, answered with
 * `POST /api/workbench/requests/{id}` by the same user, dropped when the call
 * ends or the server gives up. One registry per process (see
 * processSingleton): the call and the answer are served by different route
 * bundles. On PostgreSQL, where several instances may share the database
 * behind a load balancer, each request is also stored with the channel of
 * the instance holding the call: the instance that receives the answer
 * stores it there and NOTIFYs that channel. An answer reaching the holding
 * instance itself, and every answer on PGlite, is settled in process.
 */

/** MCP's code for a sampling request the user rejected. */
const USER_REJECTED = -1;

/** Invalid answers a request takes before it is closed: each one costs a validation. */
export const MAX_INVALID_ANSWERS = 5;

export interface ServerRequest {
  kind: ServerRequestKind;
  params: Record<string, unknown>;
}

/** What goes back to the server: a result, or a rejection with its message. */
type Outcome = { result: Record<string, unknown> } | { rejected: string };

interface Pending extends ServerRequest {
  uid: string;
  settle(outcome: Outcome): void;
}

/** Older stored requests were left by an instance that stopped: nobody waits a day at the page. */
const STALE_SEC = 24 * 3600;

const GONE = "This request is no longer waiting for an answer: the call ended or the server gave up.";

export class ServerRequests {
  private readonly pending = new Map<string, Pending>();
  /** Invalid answers this instance judged, by request (behind a load balancer each instance counts its own). */
  private readonly invalid = new Map<string, number>();
  /** This process's channel: answers given to another instance arrive here. */
  private readonly channel = `workbench_answers_${randomUUID().replaceAll("-", "")}`;
  private listening: Promise<unknown> | undefined;

  get size(): number {
    return this.pending.size;
  }

  /**
   * Announces `request` with its new id and waits for the user's answer, or
   * rejects when `signal` ends it first (the call ended, or the server
   * cancelled its request).
   */
  async ask(uid: string, request: ServerRequest, signal: AbortSignal, announce: (id: string) => void): Promise<Record<string, unknown>> {
    const id = randomUUID();
    const answered = new Promise<Outcome>((settle) => this.pending.set(id, { ...request, uid, settle }));
    const end = () => this.pending.get(id)?.settle({ rejected: "The call ended before the request was answered." });
    signal.addEventListener("abort", end, { once: true });
    if (signal.aborted) end();
    const shared = await this.shared();
    try {
      if (shared) await this.hold(id, uid, request);
      announce(id);
      const outcome = await answered;
      if ("rejected" in outcome) throw new ProtocolError(USER_REJECTED, outcome.rejected);
      return outcome.result;
    } finally {
      this.pending.delete(id);
      this.invalid.delete(id);
      signal.removeEventListener("abort", end);
      if (shared) await shared.db.delete(workbenchServerRequests).where(eq(workbenchServerRequests.id, id)).catch(() => {});
    }
  }

  /** The user's answer to request `id`; another user's request is not found either. */
  async answer(uid: string, id: string, reply: ServerRequestReply): Promise<void> {
    const local = this.pending.get(id);
    if (local) {
      if (local.uid !== uid) throw notFound(GONE);
      const { outcome, closed } = this.judge(id, local, reply);
      local.settle(outcome);
      if (closed) throw closed;
      return;
    }
    const shared = await this.shared();
    // Ids are UUIDs; anything else names no request (and PostgreSQL would refuse it as a uuid).
    if (!shared || !isUuid(id)) throw notFound(GONE);
    const t = workbenchServerRequests;
    const [held] = await shared.db
      .select({ kind: t.kind, params: t.params, instance: t.instance })
      .from(t)
      .where(and(eq(t.id, id), eq(t.userUid, uid), isNull(t.answer)));
    if (!held) throw notFound(GONE);
    const { outcome, closed } = this.judge(id, held, reply);
    const stored = await shared.db
      .update(t)
      .set({ answer: outcome })
      .where(and(eq(t.id, id), isNull(t.answer)))
      .returning({ id: t.id });
    if (stored.length === 0) throw notFound(GONE);
    await channelsOf(shared).publish(held.instance, id);
    if (closed) throw closed;
  }

  /**
   * The outcome of `reply`; an invalid answer is refused (400) until the
   * request has had too many, when it is closed: the server is told it was
   * declined, and the person why.
   */
  private judge(id: string, request: ServerRequest, reply: ServerRequestReply): { outcome: Outcome; closed?: Error } {
    try {
      const outcome = outcomeOf(request, reply);
      this.invalid.delete(id);
      return { outcome };
    } catch (err) {
      const count = (this.invalid.get(id) ?? 0) + 1;
      if (count < MAX_INVALID_ANSWERS) {
        this.invalid.set(id, count);
        throw err;
      }
      this.invalid.delete(id);
      return {
        outcome: { rejected: "The request was closed after too many invalid answers." },
        closed: badRequest(`This request is closed after ${MAX_INVALID_ANSWERS} invalid answers; the server was told it was declined.`),
      };
    }
  }

  /** The database when it may be shared by several instances (PostgreSQL), else undefined. */
  private async shared() {
    const handle = await database();
    return handle.kind === "postgres" ? handle : undefined;
  }

  /** Stores the request for an answer given to another instance, once this one listens on its channel. */
  private async hold(id: string, uid: string, request: ServerRequest) {
    const handle = (await this.shared())!;
    this.listening ??= channelsOf(handle)
      .listen(this.channel, (answered) => void this.take(answered))
      .catch((err: unknown) => {
        this.listening = undefined;
        throw err;
      });
    await this.listening;
    const t = workbenchServerRequests;
    await handle.db.delete(t).where(lt(t.createdAt, sql`now() - make_interval(secs => ${STALE_SEC})`));
    await handle.db.insert(t).values({ id, userUid: uid, instance: this.channel, kind: request.kind, params: request.params });
  }

  /** An answer stored by another instance for a request of this one. */
  private async take(id: string) {
    const pending = this.pending.get(id);
    const shared = await this.shared();
    if (!pending || !shared) return;
    const t = workbenchServerRequests;
    const [row] = await shared.db.select({ answer: t.answer }).from(t).where(eq(t.id, id));
    if (row?.answer) pending.settle(row.answer);
  }
}

function outcomeOf(request: ServerRequest, reply: ServerRequestReply): Outcome {
  if (request.kind === "elicitation") return { result: elicitationResult(request.params, reply) };
  if (reply.action === "accept") return { result: samplingResult(reply) };
  return { rejected: "The user rejected the sampling request." };
}

function elicitationResult(params: Record<string, unknown>, reply: ServerRequestReply): Record<string, unknown> {
  if (reply.action !== "accept") return { action: reply.action };
  // A page to open (URL mode) is answered without content: the person says they went through it.
  if (params.mode === "url") return { action: "accept" };
  const content = reply.content ?? {};
  const issues = validateArguments(params.requestedSchema as JsonSchema, content, { compilePattern: compileSafePattern });
  if (issues.length > 0) throw badRequest("Some fields are not valid.", issues);
  return { action: "accept", content };
}

function samplingResult(reply: Extract<ServerRequestReply, { action: "accept" }>): Record<string, unknown> {
  if (!reply.text?.trim()) throw badRequest("Write the answer the server gets in the model's place.", [{ path: "text", message: "Enter an answer." }]);
  return { role: "assistant", content: { type: "text", text: reply.text }, model: reply.model ?? "workbench", stopReason: "endTurn" };
}

export function serverRequests(): ServerRequests {
  return processSingleton("workbench-server-requests", () => new ServerRequests());
}
