// `npm run bench:pages`: the console pages' time to data in Chromium
// (bench/pages.mjs) alone, without the workbench benchmark of `npm run bench`,
// which prints the same table at its end. The console runs on its embedded
// database, or on a fresh database of the PostgreSQL server named by
// BENCH_DATABASE_URL, with one user who owns one server-everything.
import path from "node:path";
import { ensureBuild, projectId, signInAsPro, startBenchServices, startConsole } from "../bench/console-app.mjs";
import { benchPages, consolePages } from "../bench/pages.mjs";

const root = path.resolve(new URL("..", import.meta.url).pathname);

await ensureBuild(root);

const services = await startBenchServices();
const { emulator, everything, postgres } = services;
const email = "bench@example.com";
const app = await startConsole({ root, emulatorHost: emulator.host, projectId, adminEmail: email, databaseUrl: postgres?.url });

try {
  const headers = await signInAsPro({ url: app.url, emulatorHost: emulator.host, projectId, email });
  const name = "Everything (bench)";
  const created = await fetch(`${app.url}/api/servers`, {
    method: "POST",
    headers,
    body: JSON.stringify({ name, transport: "streamable-http", url: everything.url }),
  });
  if (created.status !== 201) throw new Error(`create server: ${created.status} ${await created.text()}`);
  const { id } = await created.json();
  console.log(`Console on ${postgres ? "PostgreSQL" : "the embedded PGlite"}`);
  await benchPages({ appUrl: app.url, cookie: headers.cookie, pages: consolePages(id, name) });
} finally {
  app.stop();
  await services.stop();
}
process.exit(0);
