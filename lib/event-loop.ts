/**
 * Lets timers and I/O run before going on. Awaiting a promise that is
 * already settled, or one the embedded database settles without waiting on
 * I/O, continues in the same turn of the event loop: a loop of such awaits
 * (statements built and run chunk after chunk) holds the thread until it
 * ends. Awaiting this between chunks keeps each turn short.
 */
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
