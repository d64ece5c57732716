/**
 * How many Playwright workers run the end-to-end tests side by side (E2E_WORKERS, 2 by default: CI
 * has two cores). Set the count here rather than with `--workers`: the service's ADMIN_EMAILS lists
 * one administrator per worker (playwright.config.ts), so that two workers never set the same account
 * up at once (sign-up or sign-in, then verifying its address with the latest out-of-band code).
 */
export const WORKERS = Number(process.env.E2E_WORKERS ?? 2);

/** The administrator of the worker with this parallel index (0 to WORKERS − 1). */
export const adminEmailOf = (parallelIndex: number) => `admin-${parallelIndex}@e2e.example`;
