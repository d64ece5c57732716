import { startup } from "@/lib/startup";

/**
 * One instance of the service's background side, as `next start` runs it
 * from instrumentation.ts: configuration, database, monitoring scheduler
 * (with the real check), and the same SIGTERM/SIGINT handling. No HTTP
 * server: the two-instance test needs many processes and only this part.
 */
void startup();
