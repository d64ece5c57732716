import type { Database } from "./db/database";

export type Health =
  | { status: "ok"; database: { reachable: true; kind: Database["kind"]; latencyMs: number } }
  | { status: "unavailable"; database: { reachable: false; message: string } };

/** Liveness plus a round trip to the database. */
export async function checkHealth(open: () => Promise<Database>): Promise<Health> {
  try {
    const handle = await open();
    const started = performance.now();
    await handle.ping();
    return {
      status: "ok",
      database: { reachable: true, kind: handle.kind, latencyMs: Math.round((performance.now() - started) * 10) / 10 },
    };
  } catch (err) {
    return { status: "unavailable", database: { reachable: false, message: (err as Error).message } };
  }
}
