import "server-only";
import { activityEvents } from "../db/schema";
import { activityRow, type ActivityEvent } from "../activity/service";
import { db } from "../db";
import { log } from "../log";
import { processSingleton } from "../process-singleton";

/**
 * The audit of gateway calls, written in groups: each call waits for the
 * insert that holds its event (so nothing acknowledged to a client is
 * unrecorded), and the calls that end while one insert runs go together in
 * the next. A call pays one database round trip at most, however many run.
 */

const MAX_BATCH = 500;

interface Pending {
  row: typeof activityEvents.$inferInsert;
  done: () => void;
}

interface Writer {
  queue: Pending[];
  running: boolean;
}

const writer = () => processSingleton("gateway-audit-writer", (): Writer => ({ queue: [], running: false }));

async function drain(w: Writer) {
  w.running = true;
  try {
    while (w.queue.length) {
      const batch = w.queue.splice(0, MAX_BATCH);
      try {
        await (await db()).insert(activityEvents).values(batch.map((p) => p.row));
      } catch (err) {
        // The call's outcome stands; what could not be written is said in the log, without the arguments.
        log.error("gateway call events not recorded", { count: batch.length, err });
      }
      for (const p of batch) p.done();
    }
  } finally {
    w.running = false;
  }
}

/** Records a gateway event; resolves once it is stored (or its failure logged). */
export function auditGatewayEvent(event: ActivityEvent): Promise<void> {
  const w = writer();
  return new Promise<void>((resolve) => {
    w.queue.push({ row: activityRow(event), done: resolve });
    if (!w.running) void drain(w);
  });
}
