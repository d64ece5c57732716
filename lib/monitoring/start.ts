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
    return createScheduler({
      perform: runCheck,
      concurrency: monitor.concurrency,
      leaseSec: monitor.leaseSec,
      retentionEverySec: RETENTION_OFFER_SEC,
    });
  });
}
