import os from "node:os";
import { env } from "../env";

/**
 * The name this service instance records on the checks it runs: the
 * operator's INSTANCE_ID when set (a pod's name), else host and process.
 */
export const instanceName = (): string => env().instanceId ?? `${os.hostname()}:${process.pid}`;
