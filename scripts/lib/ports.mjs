// Waiting for ports and processes. No side effects on import, unlike
// processes.mjs (which stops its children on SIGINT and SIGTERM): the
// production server (scripts/server.mjs) shuts down its own way.
import net from "node:net";

export function portOpen(port, host = "127.0.0.1") {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Polls `check` every 250 ms until it resolves truthy or `timeoutMs` passes. */
export async function waitFor(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Timed out after ${timeoutMs / 1000}s waiting for ${what}`);
}
