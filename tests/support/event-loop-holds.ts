import fs from "node:fs";

/**
 * The longest this thread went without turning its event loop, watched by a
 * timer due every millisecond: what a request waiting on the thread waited at
 * worst. On a machine whose cores are shared, that includes the time the
 * thread waited for a core; so, where Linux tells a thread's own CPU time
 * (/proc/self/task/<pid>/schedstat, in ns), the most CPU the thread spent
 * between two turns is given too: the work that held the loop itself.
 */

const SCHEDSTAT = `/proc/self/task/${process.pid}/schedstat`;

function threadCpuNs(): number | undefined {
  try {
    return Number(fs.readFileSync(SCHEDSTAT, "utf8").split(" ")[0]);
  } catch {
    return undefined;
  }
}

export interface EventLoopHolds {
  maxMs: number;
  /** Undefined where the thread's CPU time cannot be read. */
  maxCpuMs: number | undefined;
}

/** Starts watching; the function returned stops and answers. */
export function watchEventLoop(): () => EventLoopHolds {
  let lastWall = performance.now();
  let lastCpu = threadCpuNs();
  let maxMs = 0;
  let maxCpuMs = lastCpu === undefined ? undefined : 0;
  const timer = setInterval(() => {
    const wall = performance.now();
    const cpu = threadCpuNs();
    maxMs = Math.max(maxMs, wall - lastWall);
    if (maxCpuMs !== undefined && cpu !== undefined && lastCpu !== undefined) maxCpuMs = Math.max(maxCpuMs, (cpu - lastCpu) / 1e6);
    lastWall = wall;
    lastCpu = cpu;
  }, 1);
  return () => {
    clearInterval(timer);
    return { maxMs, maxCpuMs };
  };
}
