import { processSingleton } from "../process-singleton";

/**
 * What runs a stdio server's process on this instance (the workbench pool) hears here that the
 * server's package, arguments, env or egress changed, and stops the process, so that the next
 * use starts one with the new settings: the servers service announces it without knowing who
 * listens, as it announces a deletion (./deletion.ts). Another instance's process is replaced at
 * its next use there, when the server's changed `updatedAt` no longer matches the connection's.
 */
type Listener = (uid: string, serverId: string) => Promise<void>;

const listeners = () => processSingleton("stdio-reconfigured-listeners", () => new Set<Listener>());

export function onStdioReconfigured(listener: Listener): void {
  listeners().add(listener);
}

/** Waits for every listener: once the change has answered, no use reaches the old process. */
export async function announceStdioReconfigured(uid: string, serverId: string): Promise<void> {
  await Promise.all([...listeners()].map((listener) => listener(uid, serverId)));
}
