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
    .values({ key: sql.placeholder("key"), windowStart: sql.placeholder("windowStart"), count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} = ${sql.placeholder("windowStartIso")}::timestamptz then ${rateLimits.count} + 1 else 1 end`,
        windowStart: sql`${sql.placeholder("windowStartIso")}::timestamptz`,
      },
    })
    .returning({ count: rateLimits.count })
    .prepare(name),
);

export async function hit(key: string, limit: number, windowSec: number, now = new Date()) {
  const windowStart = new Date(Math.floor(now.getTime() / (windowSec * 1000)) * windowSec * 1000);
  const [row] = await counterHit(await db()).execute({ key, windowStart, windowStartIso: windowStart.toISOString() });
  const retryAfterSec = Math.max(1, Math.ceil((windowStart.getTime() + windowSec * 1000 - now.getTime()) / 1000));
  return { allowed: row.count <= limit, count: row.count, retryAfterSec };
}

/** Throws 429 `rate_limited` with Retry-After when `key` is over `limit` in the window. */
export async function enforce(key: string, limit: number, windowSec: number, message?: string) {
  const result = await hit(key, limit, windowSec);
  if (!result.allowed) throw rateLimited(result.retryAfterSec, message);
}
