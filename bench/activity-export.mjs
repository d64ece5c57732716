// The activity export at scale: a user's log of many events, seeded straight
// into the database, downloaded through the API (`GET /api/activity/export`)
// and read to the end as a client saving it would, while the service's
// resident memory is sampled from /proc. The export streams page by page, so
// its memory should not grow with the log.
import { usage } from "./proc.mjs";

/** How often the service's resident memory is read while an export streams. */
const SAMPLE_MS = 20;

/**
 * `events` workbench calls in the log of user `uid` (its users row made
 * here: seed before the user first signs in), one a second going back from now,
 * shaped as the workbench records them.
 */
export async function seedActivity(db, { uid, email, events }) {
  await db.query("insert into users (uid, email, display_name) values ($1, $2, 'Bench')", [uid, email]);
  await db.query(
    `insert into activity_events (user_uid, action, target_type, target_id, summary, metadata, ip, user_agent, created_at)
     select $1, 'workbench.call', 'server', '00000000-0000-4000-8000-000000000000',
            'Ran tool echo on Everything: ok in ' || (g % 90 + 10) || ' ms',
            jsonb_build_object('method', 'tools/call', 'target', 'echo', 'ok', true, 'durationMs', g % 90 + 10,
                               'arguments', jsonb_build_object('message', 'benchmark message ' || g)),
            '203.0.113.7', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
            now() - make_interval(secs => g)
       from generate_series(1, $2::int) as g`,
    [uid, events],
  );
}

/**
 * Downloads the whole log in `format` and discards it. Returns the events the
 * service says it exported (its own `export.downloaded` record), the bytes,
 * the seconds, and the service's resident memory before and at most during.
 */
export async function downloadExport({ url, headers, pid, format }) {
  const before = usage(pid).rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, usage(pid).rss)), SAMPLE_MS);
  const started = performance.now();
  let bytes = 0;
  try {
    const res = await fetch(`${url}/api/activity/export?format=${format}`, { headers });
    if (res.status !== 200) throw new Error(`export: ${res.status} ${await res.text()}`);
    for await (const chunk of res.body) bytes += chunk.byteLength;
  } finally {
    clearInterval(sampler);
  }
  const sec = (performance.now() - started) / 1000;
  peak = Math.max(peak, usage(pid).rss);

  const log = await fetch(`${url}/api/activity?action=export.downloaded&limit=1`, { headers });
  const [last] = (await log.json()).events;
  const events = Number(/Exported ([\d,]+) event/.exec(last?.summary ?? "")?.[1].replaceAll(",", ""));
  if (!events) throw new Error(`the ${format} export was not recorded as downloaded: ${JSON.stringify(last)}`);
  return { events, bytes, sec, rssBefore: before, rssPeak: peak };
}
