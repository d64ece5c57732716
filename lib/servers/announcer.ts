import { processSingleton } from "../process-singleton";

type Listener = (uid: string, serverId: string) => Promise<void>;

/**
 * One kind of news about a stored server (deleted, reconfigured), told by the
 * servers service to whoever holds state for it in this process, without
 * knowing who listens, so that it depends on none of them. Listeners are per
 * process, like the state they drop; a holder registers when it creates that
 * state. `announce` waits for every listener: once the change has answered,
 * nothing reaches the old state.
 */
export function announcer(name: string) {
  const listeners = () => processSingleton(name, () => new Set<Listener>());
  return {
    on: (listener: Listener): void => void listeners().add(listener),
    announce: async (uid: string, serverId: string): Promise<void> => {
      await Promise.all([...listeners()].map((listener) => listener(uid, serverId)));
    },
  };
}
