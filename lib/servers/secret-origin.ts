/**
 * A server's stored secrets (its header values) belong to the origin they
 * were entered for: scheme, host and port. When the URL moves to another
 * origin, a value goes there only if the change carries it again; otherwise
 * it is dropped, so that whoever may edit a server (a session, a write token)
 * cannot point it at a host of theirs and read a write-only secret from the
 * next request. Used by the API (lib/servers/service.ts) and the form, which
 * asks for the values again.
 */

/** Scheme, host and port of `url`; null when it is not a URL. */
export function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Whether `next` is on the origin of `current`, where its stored secrets may go. */
export function sameOrigin(current: string, next: string): boolean {
  const from = originOf(current);
  return from !== null && from === originOf(next);
}

export interface MovedHeaders<T> {
  /** The header list to apply: values the change carries, and new headers as they came (a missing value is refused as usual). */
  update: T[];
  /** Stored headers whose values stay behind, by name. */
  dropped: string[];
}

/**
 * The header update of a change that moves a server to another origin:
 * `update` is the change's header list, or, when it lists none, every stored
 * header kept as it is.
 */
export function headersForNewOrigin<T extends { name: string; value?: string }>(stored: { name: string }[], update: T[] | undefined): MovedHeaders<T> {
  const storedNames = new Set(stored.map((h) => h.name.toLowerCase()));
  const list = update ?? [];
  const carried = new Set(list.filter((h) => h.value !== undefined).map((h) => h.name.toLowerCase()));
  return {
    update: list.filter((h) => h.value !== undefined || !storedNames.has(h.name.toLowerCase())),
    dropped: stored
      .map((h) => h.name)
      .filter((name) => !carried.has(name.toLowerCase()))
      .sort((a, b) => a.localeCompare(b)),
  };
}
