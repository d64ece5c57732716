import os from "node:os";

/**
 * The name this service instance records on the checks it runs: the
 * operator's INSTANCE_ID when set (a pod's name), else host and process.
 */
export const instanceName = (): string => process.env.INSTANCE_ID?.trim() || `${os.hostname()}:${process.pid}`;
