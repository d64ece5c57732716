import "server-only";
import { env } from "../env";
import { processSingleton } from "../process-singleton";
import { runCheck } from "./run-check";
import { createScheduler, type Scheduler } from "./scheduler";

/** How often each instance offers to run retention (one run per period wins across instances). */
const RETENTION_OFFER_SEC = 60;

/**
 * Starts this process's monitoring scheduler, once per process (route
 * bundles may load this module more than once), unless MONITOR_SCHEDULER is
 * false. Null when it is off.
 */
export function startMonitoring(): Scheduler | null {
  const { monitor } = env();
  if (!monitor.scheduler) return null;
  return processSingleton("monitor-scheduler", () => {
    const scheduler = createScheduler({
      perform: runCheck,
      concurrency: monitor.concurrency,
      leaseSec: monitor.leaseSec,
      retentionEverySec: RETENTION_OFFER_SEC,
    });
    stopBeforeExit(scheduler);
    return scheduler;
  });
}

/**
 * On SIGTERM or SIGINT, the scheduler stops and its checks in flight finish
 * before the process's own shutdown runs (Next.js closes its server and
 * exits at once, which would cut those checks short). The handlers found
 * are run afterwards; with none, the process exits as the signal would have
 * made it. A second signal meanwhile ends the process at once.
 */
function stopBeforeExit(scheduler: Scheduler) {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    const others = process.listeners(signal);
    process.removeAllListeners(signal);
    process.once(signal, () => {
      void scheduler.stop().finally(() => {
        if (others.length) for (const handler of others) handler.call(process, signal);
        else process.exit(signal === "SIGINT" ? 130 : 143);
      });
    });
  }
}
