import { slugify } from "../slug";
import { MAX_PREFIX } from "./schema";

/** Prefixes, apart from ./names.ts (which hashes with node:crypto), so that the console's forms show the ones the service will give. */

/** A server's default prefix: its name as a slug, cut to the prefix limit. */
export function defaultPrefix(serverName: string): string {
  return slugify(serverName, MAX_PREFIX) || "server";
}

/** A prefix not yet taken in the gateway: `name`, then `name-2`, `name-3`… */
export function freePrefix(wanted: string, taken: Set<string>): string {
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${wanted.slice(0, MAX_PREFIX - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * The prefix each server gets, in order, as the service settles them: a
 * prefix given is kept, a missing one is the server's default, made free of
 * those given and of those settled before it.
 */
export function settledPrefixes(servers: { name: string; prefix?: string }[]): string[] {
  const taken = new Set(servers.map((s) => s.prefix).filter((p): p is string => Boolean(p)));
  return servers.map((s) => {
    if (s.prefix) return s.prefix;
    const prefix = freePrefix(defaultPrefix(s.name), taken);
    taken.add(prefix);
    return prefix;
  });
}
