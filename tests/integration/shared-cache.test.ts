import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { sharedCache } from "@/lib/cache/shared-cache";
import { channelsOf } from "@/lib/db/channels";
import { describeEachDatabase } from "../support/databases";

/** Polls `condition` every 20 ms until it holds; fails the test after `ms`. */
async function eventually(condition: () => boolean, ms = 5_000) {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error("the condition did not come true in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describeEachDatabase("per-process caches dropped on every instance", ({ handle }) => {
  /** A cache of its own per test, holding two users once this process listens for invalidations. */
  async function filledCache() {
    const name = `test-${randomUUID()}`;
    const cache = sharedCache<{ plan: string }>(name, { max: 10, ttl: 60_000 });
    // Before this process listens, nothing is kept: it could not hear that the entry changed.
    cache.set("user-1", { plan: "free" });
    expect(cache.get("user-1")).toBeUndefined();
    await eventually(() => {
      cache.set("user-1", { plan: "free" });
      return cache.get("user-1") !== undefined;
    });
    cache.set("user-2", { plan: "free" });
    return { name, cache };
  }

  it("keeps nothing until it hears of changes, then drops an entry when another instance says it changed", async () => {
    const { name, cache } = await filledCache();

    // Another instance's word: on PostgreSQL a NOTIFY from another connection, on PGlite this process's channel.
    const payload = `${name}\nuser-1`;
    if (handle().kind === "postgres") await handle().db.execute(sql`select pg_notify('cache_invalidations', ${payload})`);
    else await channelsOf(handle()).publish("cache_invalidations", payload);

    await eventually(() => cache.get("user-1") === undefined);
    // Only the key named, and only in the cache named.
    expect(cache.get("user-2")).toEqual({ plan: "free" });
    const other = await filledCache();
    await channelsOf(handle()).publish("cache_invalidations", `${name}\nuser-2`);
    await eventually(() => cache.get("user-2") === undefined);
    expect(other.cache.get("user-2")).toEqual({ plan: "free" });
  });

  it("forget drops the entry here at once and tells the other instances", async () => {
    const { name, cache } = await filledCache();
    const heard: string[] = [];
    const stop = await channelsOf(handle()).listen("cache_invalidations", (payload) => heard.push(payload));
    await cache.forget("user-1");
    expect(cache.get("user-1")).toBeUndefined();
    expect(cache.get("user-2")).toEqual({ plan: "free" });
    await eventually(() => heard.includes(`${name}\nuser-1`));
    stop();
  });
});
