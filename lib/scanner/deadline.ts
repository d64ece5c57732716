/**
 * The time by which the running scan must end (a `performance.now()` time),
 * set by runRules around its rules and read by the walk over texts, so that
 * one rule reading megabytes of text stops mid-way instead of running the
 * scan past its budget. Rules are synchronous and a worker runs one scan at
 * a time, so one value per thread is exact.
 */
let deadline = Infinity;

export class ScanDeadline extends Error {
  constructor() {
    super("the scan's time budget ran out");
    this.name = "ScanDeadline";
  }
}

export function withDeadline<T>(at: number | undefined, run: () => T): T {
  const outer = deadline;
  deadline = at ?? Infinity;
  try {
    return run();
  } finally {
    deadline = outer;
  }
}

/** Throws ScanDeadline once the running scan's time is up. */
export function checkDeadline(): void {
  if (performance.now() > deadline) throw new ScanDeadline();
}
