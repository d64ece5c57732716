/**
 * One value per process, whichever copy of a module asks: route handlers
 * can be bundled apart, each with its own copy of a module, so state that
 * must be shared (live connections, requests waiting for an answer) lives on
 * globalThis under a registered symbol.
 */
export function processSingleton<T>(name: string, create: () => T): T {
  const key = Symbol.for(`mcp-console.${name}`);
  const holder = globalThis as { [key: symbol]: unknown };
  if (!(key in holder)) holder[key] = create();
  return holder[key] as T;
}
