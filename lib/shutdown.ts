/**
 * On SIGTERM or SIGINT, `stop` runs first (the background work stops claiming
 * and lets what is in flight finish) and the process's own shutdown after it:
 * Next.js closes its server and exits at once, which would cut that work
 * short. The handlers found are run afterwards; with none, the process exits
 * as the signal would have made it. A second signal meanwhile ends the
 * process at once.
 */
export function stopBeforeExit(stop: () => Promise<unknown>) {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    const others = process.listeners(signal);
    process.removeAllListeners(signal);
    process.once(signal, () => {
      void stop().finally(() => {
        if (others.length) for (const handler of others) handler.call(process, signal);
        else process.exit(signal === "SIGINT" ? 130 : 143);
      });
    });
  }
}
