/**
 * Rate limits count in fixed one-minute windows aligned on the epoch. A test
 * that spends a limit and expects the next request refused calls this first:
 * late in a window it waits for the next one, so that its requests cannot
 * straddle two windows.
 */
export async function startEarlyInMinute(latestMs = 45_000): Promise<void> {
  const intoWindow = Date.now() % 60_000;
  if (intoWindow > latestMs) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoWindow + 50));
}
