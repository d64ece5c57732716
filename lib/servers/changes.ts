import "server-only";
import { channelsOf } from "../db/channels";
import { database } from "../db";
import { log } from "../log";
import { processSingleton } from "../process-singleton";

/**
 * What is decided from a server's stored state elsewhere (a gateway's view:
 * its definitions, approved definitions, findings and status) hears of a
 * change here, on every instance: the code that changes it announces it
 * without knowing who listens. This process's listeners hear it before the
 * announcement returns; the other instances' through NOTIFY on PostgreSQL,
 * a few milliseconds later.
 */

export const SERVER_CHANGED = "server_changed";

type Listener = (serverId: string) => void;
const local = () => processSingleton("server-change-listeners", () => new Set<Listener>());

/** Resolves once every instance is told; a failure to tell is logged, never thrown (the change itself is made). */
export async function announceServerChanged(serverId: string): Promise<void> {
  for (const listener of local()) listener(serverId);
  try {
    await channelsOf(await database()).publish(SERVER_CHANGED, serverId);
  } catch (err) {
    log.warn("server change not announced", { serverId, err });
  }
}

/** Hears the id of each server that changed, on any instance, until the returned function is called. */
export async function onServerChanged(heard: Listener): Promise<() => void> {
  local().add(heard);
  const unlisten = await channelsOf(await database()).listen(SERVER_CHANGED, heard);
  return () => {
    local().delete(heard);
    unlisten();
  };
}
