// `npm run bench:pages`: the console pages' time to data in Chromium
// (bench/pages.mjs) alone, without the workbench benchmark of `npm run bench`,
// which prints the same table at its end. The console runs on its embedded
// database, or on a fresh database of the PostgreSQL server named by
// BENCH_DATABASE_URL, with one user who owns one server-everything.
import path from "node:path";
import { startConsoleWithServer } from "../bench/console-app.mjs";
import { benchPages, consolePages } from "../bench/pages.mjs";

const root = path.resolve(new URL("..", import.meta.url).pathname);

const { app, postgres, headers, server, stop } = await startConsoleWithServer(root);
try {
  console.log(`Console on ${postgres ? "PostgreSQL" : "the embedded PGlite"}`);
  await benchPages({ appUrl: app.url, cookie: headers.cookie, pages: consolePages(server.id, server.name) });
} finally {
  await stop();
}
process.exit(0);
