/**
 * Runs once when a server process starts: checks the configuration, opens
 * and migrates the database and starts the monitoring scheduler (lib/startup.ts).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startup } = await import("./lib/startup");
    await startup();
  }
}
