import "server-only";
import { offload, TaskTimeout } from "../../worker-pool/pool";
import type { ResultPolicy } from "../schema";
import { guardResult, type GuardOutput } from "./guard";

/**
 * Runs the result guard on a call's result: inline when the result is small
 * (a worker's round trip would cost more than the reading), on a worker
 * thread with a time budget otherwise, so that a server returning megabytes
 * never holds the request thread.
 */

/**
 * Text above which the guard reads on a worker: 16 KiB. Measured inline in
 * one process, a 4 KB result costs about 0.03 ms for secrets and 0.11 ms for
 * instructions (the scanner's rules), two to three times that in a console
 * under load (docs/gateways.md, "The result guard's cost"), so the request
 * thread is held at most a few ms.
 */
export const INLINE_CHARS = 16 * 1024;
/** Strings and containers above which the guard reads on a worker, however short each is. */
const INLINE_NODES = 2_000;
/** How long a worker may read one result. */
export const BUDGET_MS = 2_000;

export type CheckOutcome = GuardOutput | { unchecked: string };

/** Whether the result is within the inline bounds; stops at the first bound passed, so its own cost is bounded. */
function small(result: unknown): boolean {
  let chars = 0;
  let nodes = 1;
  const stack: unknown[] = [result];
  while (stack.length) {
    const value = stack.pop();
    if (typeof value === "string") {
      chars += value.length;
      if (chars > INLINE_CHARS) return false;
    } else if (Array.isArray(value)) {
      nodes += value.length;
      if (nodes > INLINE_NODES) return false;
      stack.push(...value);
    } else if (value && typeof value === "object") {
      for (const key in value) {
        if (++nodes > INLINE_NODES) return false;
        stack.push((value as Record<string, unknown>)[key]);
      }
    }
  }
  return true;
}

export async function checkResult(result: unknown, policy: ResultPolicy): Promise<CheckOutcome> {
  if (policy.instructions === "off" && policy.secrets === "off") return { findings: [], result };
  if (small(result)) return guardResult({ result, policy });
  try {
    return await offload<GuardOutput>("guardResult", { result, policy }, { timeoutMs: BUDGET_MS });
  } catch (err) {
    if (err instanceof TaskTimeout) return { unchecked: `the gateway could not check it within ${BUDGET_MS} ms` };
    throw err;
  }
}
