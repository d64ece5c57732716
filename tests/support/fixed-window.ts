/**
 * Rate limits count in fixed windows aligned on the epoch (a minute, an hour). A test that spends a
 * limit and expects the next request refused calls one of these first: late in a window it waits
 * for the next one, so that its requests cannot straddle two windows.
 */
export async function startEarlyInWindow(windowSec: number, latestMs: number): Promise<void> {
  const windowMs = windowSec * 1000;
  const intoWindow = Date.now() % windowMs;
  if (intoWindow > latestMs) await new Promise((resolve) => setTimeout(resolve, windowMs - intoWindow + 50));
}

export const startEarlyInMinute = (latestMs = 45_000): Promise<void> => startEarlyInWindow(60, latestMs);
