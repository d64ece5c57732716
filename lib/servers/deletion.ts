import { announcer } from "./announcer";

/**
 * What holds on to a server while the process runs (the workbench's live
 * connections) hears of the server's deletion here: a deleted server must not
 * stay reachable once the delete has answered.
 */
const deletion = announcer("server-deletion-listeners");
export const onServerDeleted = deletion.on;
export const announceServerDeleted = deletion.announce;
