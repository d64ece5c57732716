import { PHASE_PRODUCTION_BUILD } from "next/constants";
import { startAlertDispatcher } from "./alerts/dispatcher";
import { checkStoredSecrets } from "./crypto/key-check";
import { database } from "./db";
import { configurationWarnings, env } from "./env";
import { startHousekeeping } from "./housekeeping";
import { assertOwnServer } from "./http/own-server";
import { log } from "./log";
import { startMonitoring } from "./monitoring/start";
import { stopBeforeExit } from "./shutdown";
import { startPackageSweep } from "./servers/stdio-sweep";
import { warmWorkers } from "./worker-pool/pool";

/**
 * A bad setting or an unreachable database stops the process at once, with a
 * message naming the problem, rather than failing on the first request.
 * Then the background work of this instance starts.
 */
export async function startup() {
  if (process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD) return;
  try {
    const e = env();
    assertOwnServer(e);
    for (const warning of configurationWarnings(e)) {
      log.warn("unsafe configuration", { warning });
      console.error(`\n*** WARNING: ${warning} ***\n`);
    }
    const db = await database();
    void checkStoredSecrets(db.db).then(
      (warnings) => warnings.forEach((warning) => log.warn("stored secrets do not open", { warning })),
      (err: unknown) => log.error("stored secrets not checked", { err }),
    );
    // In the background: the worker threads' modules and rules load while the service starts answering.
    void warmWorkers().catch((err: unknown) => log.error("worker threads did not start", { err }));
    const scheduler = startMonitoring();
    const background = [startAlertDispatcher(), startHousekeeping(), startPackageSweep()];
    stopBeforeExit(() => Promise.all([scheduler?.stop(), ...background.map((job) => job.stop())]));
    log.info("started", { database: db.kind, localMode: e.localMode, appUrl: e.appUrl, monitoring: scheduler?.instance ?? "off" });
  } catch (err) {
    log.error("startup failed", { err });
    console.error(`\nMCP Console cannot start.\n${(err as Error).message}\n`);
    process.exit(1);
  }
}
