import { MAX_RESTART_DELAY_MS, restartDelayMs } from "@/lib/sandbox/restart-backoff";

it("lets a server that never failed start at once", () => {
  expect(restartDelayMs(0)).toBe(0);
});

it("waits 1 s after a first failure, twice as long after each further one in a row", () => {
  expect([1, 2, 3, 4, 5].map(restartDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
});

it("never waits more than 5 minutes, however many failures came before", () => {
  expect(restartDelayMs(9)).toBe(256_000);
  expect(restartDelayMs(10)).toBe(MAX_RESTART_DELAY_MS);
  expect(restartDelayMs(10_000)).toBe(MAX_RESTART_DELAY_MS);
});
