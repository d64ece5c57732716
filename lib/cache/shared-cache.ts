import "server-only";
import { LRUCache } from "lru-cache";
import { channelsOf } from "../db/channels";
import { database } from "../db";
import { log } from "../log";
import { processSingleton } from "../process-singleton";

/**
 * A cache kept per process for a few seconds (the session's user, a call's
 * server) whose entries every instance drops when one of them changes what
 * they hold: `forget` deletes the key here and publishes it (NOTIFY on
 * PostgreSQL, in process on PGlite, lib/db/channels.ts), and every instance
 * listening deletes it too. Nothing is kept until this process listens, so
 * an entry cannot outlive a change it did not hear of, except when the
 * listening connection is lost and opened again: a change published
 * meanwhile is seen when the entry expires, `ttl` ms at most.
 */

const CHANNEL = "cache_invalidations";

export interface SharedCache<V extends object> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  /** Drops `key` here and on every other instance; resolves once the others are told. */
  forget(key: string): Promise<void>;
}

export function sharedCache<V extends object>(name: string, { max, ttl }: { max: number; ttl: number }): SharedCache<V> {
  // One per process, not per route bundle: an edit in one route must clear what another route reads.
  return processSingleton(`shared-cache:${name}`, () => {
    const entries = new LRUCache<string, V>({ max, ttl });
    let listening: Promise<unknown> | undefined;
    let heard = false;

    const listen = () => {
      listening ??= database()
        .then((d) =>
          channelsOf(d).listen(CHANNEL, (payload) => {
            const at = payload.indexOf("\n");
            if (payload.slice(0, at) === name) entries.delete(payload.slice(at + 1));
          }),
        )
        .then(
          () => (heard = true),
          (err: unknown) => {
            // Asked again at the next use; meanwhile nothing is kept.
            listening = undefined;
            log.warn("cache invalidations not heard", { cache: name, err });
          },
        );
    };

    return {
      get(key) {
        if (!heard) listen();
        return heard ? entries.get(key) : undefined;
      },
      set(key, value) {
        if (heard) entries.set(key, value);
      },
      async forget(key) {
        entries.delete(key);
        try {
          await channelsOf(await database()).publish(CHANNEL, `${name}\n${key}`);
        } catch (err) {
          // The change itself is made: the others see it when their entry expires.
          log.warn("cache invalidation not published", { cache: name, err });
        }
      },
    };
  });
}
