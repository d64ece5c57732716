import { transition, type StatusState } from "@/lib/monitoring/status-machine";
import type { CheckResult } from "@/lib/monitoring/schema";

/** A server's status through a run of check results. */
function run(start: StatusState, results: CheckResult[]) {
  const steps = [];
  let state = start;
  for (const result of results) {
    const next = transition(state, result);
    steps.push(next);
    state = next;
  }
  return steps;
}

describe("the status machine", () => {
  it("follows each answered check: up, degraded, up again", () => {
    expect(run({ status: "unknown", consecutiveFailures: 0 }, ["up", "degraded", "up"]).map((s) => s.status)).toEqual(["up", "degraded", "up"]);
  });

  it("keeps the previous status on one failure, and goes down on the second in a row, opening an incident", () => {
    const steps = run({ status: "degraded", consecutiveFailures: 0 }, ["failed", "failed", "failed"]);
    expect(steps).toEqual([
      { status: "degraded", consecutiveFailures: 1, incident: null },
      { status: "down", consecutiveFailures: 2, incident: "open" },
      { status: "down", consecutiveFailures: 3, incident: "open" },
    ]);
  });

  it("forgets a single failure once the server answers again", () => {
    const steps = run({ status: "up", consecutiveFailures: 0 }, ["failed", "up", "failed"]);
    expect(steps.map((s) => [s.status, s.consecutiveFailures])).toEqual([
      ["up", 1],
      ["up", 0],
      ["up", 1],
    ]);
  });

  it("puts a new server down on its first failed check (it never answered), opening the incident on the second", () => {
    expect(run({ status: "unknown", consecutiveFailures: 0 }, ["failed", "failed"])).toEqual([
      { status: "down", consecutiveFailures: 1, incident: null },
      { status: "down", consecutiveFailures: 2, incident: "open" },
    ]);
  });

  it("closes the incident on recovery, whether the server comes back up or degraded", () => {
    expect(transition({ status: "down", consecutiveFailures: 4 }, "up")).toEqual({ status: "up", consecutiveFailures: 0, incident: "close" });
    expect(transition({ status: "down", consecutiveFailures: 2 }, "degraded")).toEqual({ status: "degraded", consecutiveFailures: 0, incident: "close" });
  });

  it("leaves a paused server paused, its count and incident untouched, whatever the check found", () => {
    for (const result of ["up", "degraded", "failed"] as const) {
      expect(transition({ status: "paused", consecutiveFailures: 1 }, result)).toEqual({ status: "paused", consecutiveFailures: 1, incident: null });
    }
  });
});
