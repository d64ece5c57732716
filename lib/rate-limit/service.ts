import "server-only";
import { sql } from "drizzle-orm";
import { db } from "../db";
import { prepared } from "../db/prepared";
import { rateLimits } from "../db/schema";
import { rateLimited } from "../http/errors";

/**
 * Fixed-window rate limiting kept in the database, so that every instance
 * behind a load balancer counts against the same limit. (The maintained
 * rate-limit libraries have no store for PGlite.) One upsert per hit.
 */
const counterHit = prepared("rate_limit_hit", (database, name) =>
  database
    .insert(rateLimits)
    .values({ key: sql.placeholder("key"), windowStart: sql.placeholder("windowStart"), count: sql`${sql.placeholder("by")}::int` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} = ${sql.placeholder("windowStartIso")}::timestamptz then ${rateLimits.count} + ${sql.placeholder("by")}::int else ${sql.placeholder("by")}::int end`,
        windowStart: sql`${sql.placeholder("windowStartIso")}::timestamptz`,
      },
    })
    .returning({ count: rateLimits.count })
    .prepare(name),
);

/** Counts `by` hits (one request that does `by` things) against `key`'s window. */
export async function hit(key: string, limit: number, windowSec: number, now = new Date(), by = 1) {
  const windowStart = new Date(Math.floor(now.getTime() / (windowSec * 1000)) * windowSec * 1000);
  const [row] = await counterHit(await db()).execute({ key, windowStart, windowStartIso: windowStart.toISOString(), by });
  const retryAfterSec = Math.max(1, Math.ceil((windowStart.getTime() + windowSec * 1000 - now.getTime()) / 1000));
  return { allowed: row.count <= limit, count: row.count, retryAfterSec };
}

/** Throws 429 `rate_limited` with Retry-After when `key` is over `limit` in the window (counting `by` hits). */
export async function enforce(key: string, limit: number, windowSec: number, message?: string, by = 1) {
  const result = await hit(key, limit, windowSec, new Date(), by);
  if (!result.allowed) throw rateLimited(result.retryAfterSec, message);
}
