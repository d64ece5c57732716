import { announcer } from "./announcer";

/**
 * What runs a stdio server's process on this instance (the workbench pool) hears here that the
 * server's package, arguments, env or egress changed, and stops the process, so that the next
 * use starts one with the new settings; once the change has answered, no use reaches the old
 * process. Another instance's process is replaced at its next use there, when the server's
 * changed `updatedAt` no longer matches the connection's.
 */
const reconfigured = announcer("stdio-reconfigured-listeners");
export const onStdioReconfigured = reconfigured.on;
export const announceStdioReconfigured = reconfigured.announce;
