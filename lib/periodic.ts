import "server-only";
import { log } from "./log";
import { processSingleton } from "./process-singleton";

interface PeriodicState {
  timer: NodeJS.Timeout | null;
  running: Promise<unknown> | null;
  stopped: boolean;
}

export interface Periodic {
  /** Stops scheduling new passes and waits for the one in flight. */
  stop(): Promise<void>;
}

/**
 * Runs `step` every `everyMs` in this process, once however often it is
 * started: the next pass is scheduled when the last one ends, so passes never
 * overlap, and a failed pass is logged and tried again at the next tick.
 * The timer never keeps the process alive.
 */
export function startPeriodic(name: string, everyMs: number, step: () => Promise<unknown>): Periodic {
  const s = processSingleton<PeriodicState>(`periodic:${name}`, () => ({ timer: null, running: null, stopped: true }));
  const stop = async () => {
    s.stopped = true;
    if (s.timer) clearTimeout(s.timer);
    s.timer = null;
    await s.running;
  };
  if (!s.stopped) return { stop };
  s.stopped = false;
  const schedule = () => {
    s.timer = setTimeout(tick, everyMs);
    s.timer.unref();
  };
  const tick = () => {
    s.timer = null;
    s.running = step()
      .catch((err: unknown) => log.error(`${name} failed`, { err }))
      .finally(() => {
        s.running = null;
        if (!s.stopped) schedule();
      });
  };
  schedule();
  return { stop };
}
