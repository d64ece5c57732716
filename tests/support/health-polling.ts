import { GET as healthGET } from "@/app/api/health/route";
import { watchEventLoop } from "./event-loop-holds";
import { call } from "./http";

/**
 * Runs `work` while asking GET /api/health every few milliseconds, as a
 * monitor would, and returns each answer's time, with the longest the event
 * loop was held meanwhile (tests/support/event-loop-holds.ts).
 */
export async function underHealthPolling<T>(work: () => Promise<T>) {
  const stopWatching = watchEventLoop();
  let done = false;
  const latencies: number[] = [];
  const statuses = new Set<number>();
  const polling = (async () => {
    while (!done) {
      const started = performance.now();
      statuses.add((await call(healthGET, "/api/health")).status);
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const started = performance.now();
  const result = await work().finally(() => (done = true));
  const tookMs = performance.now() - started;
  await polling;
  const holds = stopWatching();
  const sorted = [...latencies].sort((a, b) => a - b);
  const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  const held = `event loop held at most ${holds.maxMs.toFixed(0)} ms${holds.maxCpuMs === undefined ? "" : ` (at most ${holds.maxCpuMs.toFixed(0)} ms of this thread's CPU)`}`;
  return { result, tookMs, answers: latencies.length, statuses, p50: p(0.5), p99: p(0.99), held };
}
