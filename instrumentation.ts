/**
 * Runs once when a server process starts: checks the configuration and opens
 * and migrates the database (lib/startup.ts).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startup } = await import("./lib/startup");
    await startup();
  }
}
