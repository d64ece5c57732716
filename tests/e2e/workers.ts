/**
 * How many Playwright workers run the end-to-end tests side by side (E2E_WORKERS, 1 by default: on
 * CI's two cores, two workers mean two Chromiums and the service sharing them, and a full run was
 * measured slower than one worker's; see docs/development.md). Set 2 or more on a machine with more
 * cores. Set the count here rather than with `--workers`: the service's ADMIN_EMAILS lists
 * one administrator per worker (playwright.config.ts), so that two workers never set the same account
 * up at once (sign-up or sign-in, then verifying its address with the latest out-of-band code).
 */
export const WORKERS = Number(process.env.E2E_WORKERS ?? 1);

/** The administrator of the worker with this parallel index (0 to WORKERS − 1). */
export const adminEmailOf = (parallelIndex: number) => `admin-${parallelIndex}@e2e.example`;
