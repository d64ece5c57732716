import "server-only";
import { log } from "../log";
import { runScan } from "./run-scan";

/**
 * The scan that follows a discovery which found changed definitions. It
 * never fails the discovery: a failure is logged and the next scan catches up.
 */
export async function scanAfterDiscovery(serverId: string): Promise<void> {
  try {
    await runScan(serverId, "discovery");
  } catch (err) {
    log.warn("automatic scan failed", { serverId, err });
  }
}
