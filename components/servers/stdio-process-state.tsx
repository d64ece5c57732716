import { RelativeTime } from "@/components/app/relative-time";
import type { ProcessStateDto } from "@/lib/servers/responses";
import { plural } from "@/lib/plural";

const STATE_LABEL: Record<ProcessStateDto["state"], string> = {
  starting: "Starting",
  running: "Running",
  stopped: "Stopped",
  failed: "Failed",
};

/**
 * A stdio server's process on the instance that answered: whether it runs
 * and since when, why the last one ended, and how often it was restarted
 * after a failure. It starts on first use and stops when idle, so "Stopped"
 * is its ordinary state between uses.
 */
export function StdioProcessState({ process }: { process: ProcessStateDto | null }) {
  return (
    <>
      <h3 className="mt-6 text-sm font-medium">Process</h3>
      <p className="mt-1 text-xs text-muted-foreground">
        Started on first use (the workbench, a check, a scan or a gateway: all share it), stopped after 5 minutes without use. A process that crashes
        or goes past a limit is started again on the next use, after a wait that doubles with each failure in a row.
      </p>
      <dl aria-label="Process" className="mt-3 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-muted-foreground">State</dt>
        <dd>
          {process ? STATE_LABEL[process.state] : "Not started yet"}
          {process?.since ? (
            <>
              {process.state === "running" ? " since " : ", "}
              <RelativeTime iso={process.since} />
            </>
          ) : null}
        </dd>
        {process?.lastExit ? (
          <>
            <dt className="text-muted-foreground">Last exit</dt>
            <dd className="break-words">{process.lastExit.reason}</dd>
          </>
        ) : null}
        {process?.restartAfter ? (
          <>
            <dt className="text-muted-foreground">Next start</dt>
            <dd>
              On the next use after <RelativeTime iso={process.restartAfter} />
            </dd>
          </>
        ) : null}
        {process ? (
          <>
            <dt className="text-muted-foreground">Restarts</dt>
            <dd>{process.restarts ? `${plural(process.restarts, "restart", "restarts")} after a failure` : "None"}</dd>
          </>
        ) : null}
      </dl>
    </>
  );
}
