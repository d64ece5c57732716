import { collectDefaultMetrics, Registry } from "prom-client";
import { processSingleton } from "../process-singleton";

/**
 * The process's one metrics registry. Route handlers can be bundled apart,
 * each with its own copy of this module, so the registry and every metric in
 * it live on globalThis: a request counted by one route is seen by
 * /api/metrics. Default metrics are process memory, CPU, handles and
 * event-loop lag.
 */
export const metricsRegistry = processSingleton("metrics.registry", () => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
});

/** A metric registered once per process, whichever copy of a module asks. */
export function metric<T>(name: string, create: (registry: Registry) => T): T {
  return processSingleton(`metrics.${name}`, () => create(metricsRegistry));
}
