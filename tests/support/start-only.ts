import { startup } from "@/lib/startup";

/**
 * The service's start-up alone, in a process of its own (as a bare `next
 * start` would run it): configuration, database, background work, then
 * `{"started": true}` and exit. Run with tests/support/run-ts.mjs.
 */
void startup().then(() => {
  console.log(JSON.stringify({ started: true }));
  process.exit(0);
});
