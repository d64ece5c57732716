import { sql, type SQL } from "drizzle-orm";
import type { Db } from "./database";

/**
 * A backlog deleted in one statement holds its locks for as long as that
 * runs; deleted in batches, each a short statement of its own, other writers
 * wait for one batch at most.
 */

/**
 * Deletes the rows of `table` whose `key` (a column, or a tuple such as
 * `(server_id, hour)`) `doomed` selects; `doomed` carries the batch's limit.
 * Table and key are names written in the code, never input. Returns how many
 * rows went.
 */
export async function deleteSelected(d: Db, table: string, key: string, doomed: SQL): Promise<number> {
  const result = await d.execute(sql`
    with gone as (delete from ${sql.raw(table)} where ${sql.raw(key)} in (${doomed}) returning 1)
    select count(*)::int as n from gone`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/**
 * Runs `deleteBatch` (at most `size` rows) again until a batch comes back
 * short or `more` says to stop.
 */
export async function deleteInBatches(
  size: number,
  deleteBatch: () => Promise<number>,
  more: () => boolean = () => true,
): Promise<{ deleted: number; batches: number }> {
  let deleted = 0;
  let batches = 0;
  while (more()) {
    const n = await deleteBatch();
    deleted += n;
    batches += 1;
    if (n < size) break;
  }
  return { deleted, batches };
}
