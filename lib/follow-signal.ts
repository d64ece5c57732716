/**
 * Signals that abort when `source` does, one per request, for a library that
 * adds an abort listener to a request's signal and never removes it (the MCP
 * SDK does).
 *
 * AbortSignal.any([source]) would be the obvious way, but Node (20, at least)
 * keeps a composite signal that has an abort listener in a set of signals it
 * must not collect, and takes it out only when its listeners are removed,
 * aborted or not: with a listener nobody removes, the composite, its listener
 * and all that holds (the SDK client, its transport, the answers) stay for
 * good, about 30 KB per health check. A plain controller's signal is
 * collected with the request. Each is held here only weakly, and `source`
 * carries one listener however many requests follow it, so a connection kept
 * open for hours does not pile them up either.
 */
export function signalFollower(source: AbortSignal): () => AbortSignal {
  /** The controller of each live follower: kept as long as its signal is. */
  const controllers = new WeakMap<AbortSignal, AbortController>();
  const followers = new Set<WeakRef<AbortSignal>>();
  const collected = new FinalizationRegistry<WeakRef<AbortSignal>>((ref) => followers.delete(ref));
  source.addEventListener(
    "abort",
    () => {
      for (const ref of followers) {
        const signal = ref.deref();
        if (signal) controllers.get(signal)?.abort(source.reason);
      }
      followers.clear();
    },
    { once: true },
  );
  return () => {
    const controller = new AbortController();
    if (source.aborted) {
      controller.abort(source.reason);
      return controller.signal;
    }
    const ref = new WeakRef(controller.signal);
    controllers.set(controller.signal, controller);
    followers.add(ref);
    collected.register(controller.signal, ref);
    return controller.signal;
  };
}

/**
 * A signal that aborts when any of `sources` does, with its reason: what
 * AbortSignal.any gives, made with a plain controller for the reason above (a
 * call's signal goes to the MCP SDK, which leaves its listener on it). Meant
 * for sources that live no longer than the work they bound (a call, a
 * request): each carries a listener until one of them aborts.
 */
export function anySignal(sources: readonly AbortSignal[]): AbortSignal {
  const controller = new AbortController();
  const already = sources.find((s) => s.aborted);
  if (already) {
    controller.abort(already.reason);
    return controller.signal;
  }
  const onAbort = (event: Event) => {
    controller.abort((event.target as AbortSignal).reason);
    for (const s of sources) s.removeEventListener("abort", onAbort);
  };
  for (const s of sources) s.addEventListener("abort", onAbort, { once: true });
  return controller.signal;
}
