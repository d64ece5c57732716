import { ProcessRefusal, ProcessTable, type ProcessCaps } from "@/lib/sandbox/process-table";
import { STABLE_RUN_MS } from "@/lib/sandbox/restart-backoff";

const CAPS: ProcessCaps = { perUser: 2, planLabel: "Free", perInstance: 3 };

function table() {
  let now = 1_000_000;
  const t = new ProcessTable(() => now);
  return { t, later: (ms: number) => (now += ms) };
}
const none = () => undefined;
const refusal = (work: () => unknown): string => {
  try {
    work();
  } catch (err) {
    expect(err).toBeInstanceOf(ProcessRefusal);
    return (err as Error).message;
  }
  throw new Error("not refused");
};

it("knows nothing of a server whose process never ran", () => {
  expect(table().t.stateOf("u", "s")).toBeNull();
});

it("follows a process from its start to a stop the console asked for", () => {
  const { t, later } = table();
  const run = t.admit("u", "s", CAPS, none);
  expect(t.stateOf("u", "s")).toMatchObject({ state: "starting", since: null, lastExit: null, restarts: 0 });
  t.started(run);
  expect(t.stateOf("u", "s")).toMatchObject({ state: "running", since: new Date(1_000_000) });
  later(5_000);
  t.ended(run, "The console stopped the server.", false);
  expect(t.stateOf("u", "s")).toEqual({
    state: "stopped",
    since: new Date(1_005_000),
    lastExit: { reason: "The console stopped the server.", at: new Date(1_005_000) },
    restarts: 0,
    restartAfter: null,
  });
  // A stop needs no wait: the next use starts it at once.
  expect(() => t.admit("u", "s", CAPS, none)).not.toThrow();
});

it("refuses a start during the backoff after a failure, with the reason, and counts the restart after it", () => {
  const { t, later } = table();
  const first = t.admit("u", "s", CAPS, none);
  t.started(first);
  t.ended(first, "The server crashed (SIGKILL).", true);
  expect(t.stateOf("u", "s")).toMatchObject({ state: "failed", restartAfter: new Date(1_001_000) });
  expect(refusal(() => t.admit("u", "s", CAPS, none))).toBe("The server crashed (SIGKILL). The console starts it again on the next use after 1 second.");
  later(1_000);
  const second = t.admit("u", "s", CAPS, none);
  expect(t.stateOf("u", "s")).toMatchObject({ state: "starting", restarts: 1 });
  // A start that fails is a failure in a row: the wait doubles.
  t.ended(second, "The server exited with code 3.", true);
  expect(refusal(() => t.admit("u", "s", CAPS, none))).toBe("The server exited with code 3. The console starts it again on the next use after 2 seconds.");
});

it("takes a failure after a long run as the first in a row", () => {
  const { t, later } = table();
  for (let i = 0; i < 3; i++) {
    const run = t.admit("u", "s", CAPS, none);
    t.ended(run, "The server exited with code 1.", true);
    later(60 * 60_000);
  }
  const run = t.admit("u", "s", CAPS, none);
  t.started(run);
  later(STABLE_RUN_MS);
  t.ended(run, "The server crashed (SIGSEGV).", true);
  const { since, restartAfter } = t.stateOf("u", "s")!;
  expect(restartAfter!.getTime() - since!.getTime()).toBe(1_000);
});

it("refuses a process past the user's plan when none of theirs is idle, and names the plan", () => {
  const { t } = table();
  t.admit("u", "a", CAPS, none);
  t.admit("u", "b", CAPS, none);
  // Another user's processes do not count against this one's plan.
  t.admit("v", "c", CAPS, none);
  expect(refusal(() => t.admit("u", "c", CAPS, none))).toBe(
    "You already run 2 stdio servers at once, the most the Free plan allows, and none of them is idle. Try again when a call on one of them has ended, or move to a plan that runs more.",
  );
});

it("stops one of the user's idle processes to make room before it refuses", () => {
  const { t } = table();
  t.admit("u", "a", CAPS, none);
  t.admit("u", "b", CAPS, none);
  const asked: (string | undefined)[] = [];
  t.admit("u", "c", CAPS, (uid) => {
    asked.push(uid);
    return "u:a";
  });
  expect(asked).toEqual(["u"]);
  expect(t.stateOf("u", "a")).toMatchObject({ state: "stopped", lastExit: { reason: "Stopped while idle to make room for another stdio server." } });
  expect(t.stateOf("u", "c")).toMatchObject({ state: "starting" });
});

it("refuses a process past the instance's total, naming the setting that raises it", () => {
  const { t } = table();
  t.admit("u", "a", CAPS, none);
  t.admit("v", "b", CAPS, none);
  t.admit("w", "c", CAPS, none);
  expect(refusal(() => t.admit("x", "d", CAPS, none))).toBe(
    "This console instance already runs 3 stdio servers, its limit (STDIO_MAX_PROCESSES), and none of them is idle. Try again in a moment; the operator can raise STDIO_MAX_PROCESSES.",
  );
  // Any user's idle process gives way at the instance's limit.
  const asked: (string | undefined)[] = [];
  t.admit("x", "d", CAPS, (uid) => (asked.push(uid), "v:b"));
  expect(asked).toEqual([undefined]);
});

it("ignores the end of a process that a later start replaced", () => {
  const { t } = table();
  const old = t.admit("u", "s", CAPS, none);
  t.started(old);
  t.ended(old, "The console stopped the server.", false);
  const current = t.admit("u", "s", CAPS, none);
  t.started(current);
  t.ended(old, "late news", true);
  expect(t.stateOf("u", "s")).toMatchObject({ state: "running", lastExit: { reason: "The console stopped the server." } });
});

it("counts a test's process against the caps while it runs, and keeps nothing of it once forgotten", () => {
  const { t } = table();
  t.admit("u", "a", CAPS, none);
  const test = t.admit("u", "test-connection-1", CAPS, none);
  expect(refusal(() => t.admit("u", "b", CAPS, none))).toMatch(/^You already run 2 stdio servers at once, the most the Free plan allows/);
  t.ended(test, "The test ended.", false);
  t.forget(test);
  expect(t.stateOf("u", "test-connection-1")).toBeNull();
  expect(() => t.admit("u", "b", CAPS, none)).not.toThrow();
});

it("ends a backoff when the server's settings change, so the new ones start at once, and counts the next failure from one", () => {
  const { t, later } = table();
  const first = t.admit("u", "s", CAPS, none);
  t.ended(first, "The server exited with code 1. Its last words: Unknown transport: bogus", true);
  later(1_000);
  const second = t.admit("u", "s", CAPS, none);
  t.ended(second, "The server exited with code 1. Its last words: Unknown transport: bogus", true);
  expect(refusal(() => t.admit("u", "s", CAPS, none))).toMatch(/after 2 seconds\.$/);
  t.clearBackoff("u", "s");
  expect(t.stateOf("u", "s")).toMatchObject({ state: "stopped", restartAfter: null, lastExit: { reason: "The server exited with code 1. Its last words: Unknown transport: bogus" } });
  const fresh = t.admit("u", "s", CAPS, none);
  t.ended(fresh, "The server crashed (SIGKILL).", true);
  expect(refusal(() => t.admit("u", "s", CAPS, none))).toBe("The server crashed (SIGKILL). The console starts it again on the next use after 1 second.");
});

it("leaves a running process's state alone when the settings change (its stop ends it)", () => {
  const { t } = table();
  const run = t.admit("u", "s", CAPS, none);
  t.started(run);
  t.clearBackoff("u", "s");
  expect(t.stateOf("u", "s")).toMatchObject({ state: "running" });
});
