import "server-only";
import { sql } from "drizzle-orm";
import { activityEvents } from "../db/schema";
import { activityRow, type ActivityEvent } from "../activity/service";
import { db } from "../db";
import { log } from "../log";
import { processSingleton } from "../process-singleton";

/**
 * The audit of gateway calls, written in groups. A call's event is written
 * as under way before the call runs (lib/gateways/endpoint/limits.ts), so
 * every call is on record; its outcome is written here once the client has
 * its answer, the calls that end while one statement runs going together in
 * the next. Should the service stop in between, the event stays "under way".
 * A refusal before any call (blocked by the guard) is recorded here too, and
 * its answer waits for that insert.
 */

const MAX_BATCH = 500;

type Pending =
  | { kind: "insert"; row: typeof activityEvents.$inferInsert; done: () => void }
  | { kind: "outcome"; id: string; action: string; summary: string; metadata: unknown };

interface Writer {
  queue: Pending[];
  running: boolean;
}

const writer = () => processSingleton("gateway-audit-writer", (): Writer => ({ queue: [], running: false }));

async function write(batch: Pending[]) {
  const d = await db();
  const inserts = batch.filter((p) => p.kind === "insert");
  const outcomes = batch.filter((p) => p.kind === "outcome");
  if (inserts.length) await d.insert(activityEvents).values(inserts.map((p) => p.row));
  if (outcomes.length) {
    const rows = JSON.stringify(outcomes.map((p) => ({ id: p.id, action: p.action, summary: p.summary, metadata: p.metadata })));
    await d.execute(sql`
      update activity_events a set action = v.action, summary = v.summary, metadata = v.metadata
        from jsonb_to_recordset(${rows}::jsonb) as v(id uuid, action text, summary text, metadata jsonb)
       where a.id = v.id`);
  }
}

async function drain(w: Writer) {
  w.running = true;
  try {
    while (w.queue.length) {
      const batch = w.queue.splice(0, MAX_BATCH);
      try {
        await write(batch);
      } catch (err) {
        // The calls' outcomes stand; what could not be written is said in the log, without the arguments.
        log.error("gateway call events not recorded", { count: batch.length, err });
      }
      for (const p of batch) if (p.kind === "insert") p.done();
    }
  } finally {
    w.running = false;
  }
}

function enqueue(w: Writer, pending: Pending) {
  w.queue.push(pending);
  if (!w.running) void drain(w);
}

/** Records a gateway event; resolves once it is stored (or its failure logged). */
export function auditGatewayEvent(event: ActivityEvent): Promise<void> {
  return new Promise<void>((resolve) => enqueue(writer(), { kind: "insert", row: activityRow(event), done: resolve }));
}

/**
 * Records a call as under way with the id `id` without making it wait, for
 * a call whose limits took no statement (call-leases.ts): its outcome,
 * queued after it, is written after it.
 */
export function recordStart(id: string, event: ActivityEvent): void {
  enqueue(writer(), { kind: "insert", row: { ...activityRow(event), id }, done: () => {} });
}

/**
 * Writes the outcome of the call recorded as under way with `id`, without
 * making anyone wait for it. Its action too: a call the guard stopped on its
 * way to the server becomes `gateway.blocked`.
 */
export function recordOutcome(id: string, event: ActivityEvent): void {
  const row = activityRow(event);
  enqueue(writer(), { kind: "outcome", id, action: row.action, summary: row.summary, metadata: row.metadata });
}
