import "server-only";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { activityRow } from "../activity/service";
import { namesCode } from "../api-contract/error-codes";
import { db } from "../db";
import { prepared } from "../db/prepared";
import { activityEvents, servers, workbenchCalls } from "../db/schema";
import { notFound } from "../http/errors";
import type { CallOutcome } from "../upstream/call";
import { HISTORY_LIMIT, targetOf, type CallMethod, type CallRequest, type HistoryDetail, type HistoryEntry } from "./schema";
import { boundedCopy, isErrorResult, summarizeResult } from "./summary";
import type { CallTarget } from "../servers/call-target";
import { isUuid } from "../guards";

/**
 * The workbench's memory: every call of a user (the last HISTORY_LIMIT
 * kept) and its `workbench.call` activity event.
 */

export interface CallOrigin {
  req?: Request;
  ip?: string;
}

const VERBS: Record<CallMethod, string> = {
  "tools/call": "Ran tool",
  "resources/read": "Read resource",
  "prompts/get": "Got prompt",
  ping: "Pinged",
};

/** What the history keeps of the request: the arguments or URI, never the options. */
function keptParams(request: CallRequest): Record<string, unknown> {
  return request.params ? (boundedCopy(request.params) as Record<string, unknown>) : {};
}

export async function rememberCall(uid: string, target: CallTarget, request: CallRequest, outcome: CallOutcome, origin: CallOrigin = {}) {
  const name = targetOf(request);
  const ok = outcome.ok && !isErrorResult(request.method, outcome.result);
  const summary = outcome.ok ? summarizeResult(request.method, outcome.result) : outcome.failure.message.slice(0, 200);
  const kept = outcome.ok ? boundedCopy(outcome.result) : { error: outcome.failure.code, message: outcome.failure.message };
  const what = name ? `${VERBS[request.method]} ${name}` : VERBS[request.method];
  // A call the user stopped did not fail: the log says which it was.
  const word = ok ? "ok" : namesCode(kept, "cancelled") ? "cancelled" : "failed";
  const metadata: Record<string, unknown> = { method: request.method, target: name, ok, durationMs: outcome.durationMs };
  if (request.method === "tools/call" || request.method === "prompts/get") metadata.arguments = request.params.arguments ?? {};
  if (!outcome.ok) metadata.error = outcome.failure.code;

  const event = activityRow({
    userUid: uid,
    action: "workbench.call",
    summary: `${what} on ${target.name}: ${word} in ${outcome.durationMs} ms`,
    target: { type: "server", id: target.id },
    metadata,
    req: origin.req,
    ip: origin.ip,
  });
  await rememberStatement(await db()).execute({
    uid,
    serverId: target.id,
    method: request.method,
    target: name,
    params: keptParams(request),
    ok,
    durationMs: outcome.durationMs,
    summary,
    result: kept,
    action: event.action,
    eventSummary: event.summary,
    targetType: event.targetType,
    targetId: event.targetId,
    metadata: event.metadata,
    ip: event.ip,
    userAgent: event.userAgent,
  });
}

/**
 * One statement, so that the answer waits for one round trip and one commit:
 * the call is added, beyond the newest HISTORY_LIMIT the oldest removed, and
 * the activity event (made by activityRow) recorded. The new row is not
 * visible to the statement's own subquery, hence one fewer kept from before.
 */
const rememberStatement = prepared("workbench_remember_call", (database, name) => {
  const p = sql.placeholder;
  const inserted = database.$with("inserted").as(
    database
      .insert(workbenchCalls)
      .values({
        userUid: p("uid"),
        serverId: p("serverId"),
        method: p("method"),
        target: p("target"),
        params: p("params"),
        ok: p("ok"),
        durationMs: p("durationMs"),
        summary: p("summary"),
        result: p("result"),
      })
      .returning({ id: workbenchCalls.id }),
  );
  const trimmed = database.$with("trimmed").as(
    database
      .delete(workbenchCalls)
      .where(
        inArray(
          workbenchCalls.id,
          database
            .select({ id: workbenchCalls.id })
            .from(workbenchCalls)
            .where(eq(workbenchCalls.userUid, p("uid")))
            .orderBy(desc(workbenchCalls.createdAt), desc(workbenchCalls.id))
            .offset(HISTORY_LIMIT - 1),
        ),
      )
      .returning({ id: workbenchCalls.id }),
  );
  return database
    .with(inserted, trimmed)
    .insert(activityEvents)
    .values({
      userUid: p("uid"),
      action: p("action"),
      summary: p("eventSummary"),
      targetType: p("targetType"),
      targetId: p("targetId"),
      metadata: p("metadata"),
      ip: p("ip"),
      userAgent: p("userAgent"),
    })
    .prepare(name);
});

const entryColumns = {
  id: workbenchCalls.id,
  serverId: workbenchCalls.serverId,
  serverName: servers.name,
  method: workbenchCalls.method,
  target: workbenchCalls.target,
  params: workbenchCalls.params,
  ok: workbenchCalls.ok,
  cancelled: sql<boolean>`coalesce(${workbenchCalls.result} ->> 'error' = 'cancelled', false)`,
  durationMs: workbenchCalls.durationMs,
  summary: workbenchCalls.summary,
  createdAt: workbenchCalls.createdAt,
};

type EntryRow = Omit<HistoryEntry, "method" | "createdAt"> & { method: string; createdAt: Date };

const toEntry = (row: EntryRow): HistoryEntry => ({
  ...row,
  method: row.method as CallMethod,
  createdAt: row.createdAt.toISOString(),
});

/** The caller's calls, newest first; optionally on one server. */
export async function listHistory(uid: string, serverId?: string): Promise<HistoryEntry[]> {
  const rows = await (await db())
    .select(entryColumns)
    .from(workbenchCalls)
    .innerJoin(servers, eq(servers.id, workbenchCalls.serverId))
    .where(and(eq(workbenchCalls.userUid, uid), serverId ? eq(workbenchCalls.serverId, serverId) : undefined))
    .orderBy(desc(workbenchCalls.createdAt), desc(workbenchCalls.id))
    .limit(HISTORY_LIMIT);
  return rows.map(toEntry);
}

export async function getHistoryEntry(uid: string, id: string): Promise<HistoryDetail> {
  const missing = () => notFound("No call with this id in your history.");
  if (!isUuid(id)) throw missing();
  const [row] = await (await db())
    .select({ ...entryColumns, result: workbenchCalls.result })
    .from(workbenchCalls)
    .innerJoin(servers, eq(servers.id, workbenchCalls.serverId))
    .where(and(eq(workbenchCalls.id, id), eq(workbenchCalls.userUid, uid)))
    .limit(1);
  if (!row) throw missing();
  return { ...toEntry(row), result: row.result ?? null };
}
