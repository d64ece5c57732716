import { processSingleton } from "../process-singleton";

/**
 * What holds on to a server while the process runs (the workbench's live
 * connections) hears of the server's deletion here: the servers service
 * announces it without knowing who listens, so that it depends on none of
 * them. Listeners are per process, like the state they drop; a holder
 * registers when it creates that state, so a process without any has none.
 */
type Listener = (uid: string, serverId: string) => Promise<void>;

const listeners = () => processSingleton("server-deletion-listeners", () => new Set<Listener>());

export function onServerDeleted(listener: Listener): void {
  listeners().add(listener);
}

/** Waits for every listener: a deleted server must not stay reachable once the delete has answered. */
export async function announceServerDeleted(uid: string, serverId: string): Promise<void> {
  await Promise.all([...listeners()].map((listener) => listener(uid, serverId)));
}
