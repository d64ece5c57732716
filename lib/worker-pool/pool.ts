import "server-only";
import os from "node:os";
import path from "node:path";
import { Piscina } from "piscina";
import { processSingleton } from "../process-singleton";

/**
 * Work whose cost grows with what an MCP server sends (scanning, canonical
 * hashing of definitions) runs on worker threads, so that one server's huge
 * or pathological definitions never hold the request thread: the service
 * keeps answering everyone else meanwhile. The tasks are named in
 * lib/worker-tasks.ts; a caller with a small input runs the same function
 * inline, where a worker's round trip (a structured clone each way) would
 * cost more than the work.
 */

// The entry is loaded by path at run time, not bundled: it is found from the project folder, as the
// migrations and the blog are.
const ENTRY = path.join(process.cwd(), "lib/worker-pool/entry.mjs");

/** Leave one core to the request thread (and to the database, when it is PGlite). */
const THREADS = Math.max(1, Math.min(4, os.availableParallelism() - 1));

const pool = () =>
  processSingleton(
    "worker-pool",
    () =>
      new Piscina({
        filename: ENTRY,
        // One worker stays, loaded: a result's time budget is for reading it, and a cold worker's
        // loading of the scanner's modules and the secrets rulesets took most of 2 s on a loaded machine.
        minThreads: 1,
        maxThreads: THREADS,
        // Idle workers past the first go after a minute: a scan now and then should not keep their memory.
        idleTimeout: 60_000,
        // Bounded so that one hostile list cannot take the machine's memory: past it the worker ends, and the
        // task fails as it would past its time.
        resourceLimits: { maxOldGenerationSizeMb: 1024 },
      }),
  );

export class TaskTimeout extends Error {
  constructor(task: string, ms: number) {
    super(`${task} did not finish within ${ms} ms and was stopped`);
    this.name = "TaskTimeout";
  }
}

let ready: Promise<unknown> | undefined;

/**
 * Starts the pool's first worker and waits until it has loaded: the
 * service's start-up calls it, so that the first large result is not read
 * by a worker still loading. Once is enough (the pool keeps one worker).
 */
export function warmWorkers(): Promise<unknown> {
  ready ??= pool()
    .run({ task: "ready", input: null })
    .catch((err: unknown) => {
      ready = undefined;
      throw err;
    });
  return ready;
}

/**
 * Runs the task named `task` of lib/worker-tasks.ts on a worker thread.
 * `timeoutMs` bounds its run, not the first worker's loading: past it the
 * worker is ended and TaskTimeout thrown.
 */
export async function offload<R>(task: string, input: unknown, options: { timeoutMs?: number } = {}): Promise<R> {
  await warmWorkers();
  const signal = options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined;
  try {
    return (await pool().run({ task, input }, { signal })) as R;
  } catch (err) {
    if (signal?.aborted) throw new TaskTimeout(task, options.timeoutMs!);
    throw err;
  }
}
