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
 * instructions (the scanner's rules), several times that in a busy console
 * whose caches the other work has emptied (docs/gateways.md, "The result
 * guard's cost"), so the request thread is held at most a few ms.
 */
export const INLINE_CHARS = 16 * 1024;
/** Strings and containers above which the guard reads on a worker, however short each is. */
const INLINE_NODES = 2_000;
/** How long a worker may read one result. */
export const BUDGET_MS = 2_000;

export type CheckOutcome = GuardOutput | { unchecked: string };

/** The result's characters when it is within the inline bounds, else null; stops at the first bound passed, so its own cost is bounded. */
function inlineChars(result: unknown): number | null {
  let chars = 0;
  let nodes = 1;
  const stack: unknown[] = [result];
  while (stack.length) {
    const value = stack.pop();
    if (typeof value === "string") {
      chars += value.length;
      if (chars > INLINE_CHARS) return null;
    } else if (Array.isArray(value)) {
      nodes += value.length;
      if (nodes > INLINE_NODES) return null;
      stack.push(...value);
    } else if (value && typeof value === "object") {
      for (const key in value) {
        if (++nodes > INLINE_NODES) return null;
        stack.push((value as Record<string, unknown>)[key]);
      }
    }
  }
  return chars;
}

/**
 * Small results that come back together are read together: each waits for
 * the end of the event loop's turn (setImmediate), and the turn's results
 * are then read one after another. Reading a result is mostly the cost of
 * bringing the rules' automata and code back into the processor's caches
 * after the request work between two results: in one process, a few-word
 * result costs about 0.04 ms read right after another and ten times that
 * after other work; back to back, the results after the first find them
 * there. Profiled in a console under 50 clients, the guard's CPU a call
 * halved (docs/gateways.md). A result that comes alone waits only for the
 * rest of its turn. A turn reads at most TURN_CHARS characters, the rest in
 * the next turn, so that a burst never holds the thread long.
 */
const TURN_CHARS = 4 * INLINE_CHARS;

interface Waiting {
  input: { result: unknown; policy: ResultPolicy };
  chars: number;
  resolve: (output: GuardOutput) => void;
  reject: (err: unknown) => void;
}

const waiting: Waiting[] = [];

function readWaiting() {
  let read = 0;
  let taken = 0;
  while (taken < waiting.length && (taken === 0 || read + waiting[taken].chars <= TURN_CHARS)) read += waiting[taken++].chars;
  for (const item of waiting.splice(0, taken)) {
    try {
      item.resolve(guardResult(item.input));
    } catch (err) {
      item.reject(err);
    }
  }
  if (waiting.length) setImmediate(readWaiting);
}

function readInline(input: Waiting["input"], chars: number): Promise<GuardOutput> {
  return new Promise((resolve, reject) => {
    if (waiting.push({ input, chars, resolve, reject }) === 1) setImmediate(readWaiting);
  });
}

export async function checkResult(result: unknown, policy: ResultPolicy): Promise<CheckOutcome> {
  if (policy.instructions === "off" && policy.secrets === "off") return { findings: [], result };
  const chars = inlineChars(result);
  if (chars !== null) return readInline({ result, policy }, chars);
  try {
    return await offload<GuardOutput>("guardResult", { result, policy }, { timeoutMs: BUDGET_MS });
  } catch (err) {
    if (err instanceof TaskTimeout) return { unchecked: `the gateway could not check it within ${BUDGET_MS} ms` };
    throw err;
  }
}
