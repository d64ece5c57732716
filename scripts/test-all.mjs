// `npm test`: every kind of test — lint and types side by side, unit, then
// integration (PGlite, and PostgreSQL when TEST_DATABASE_URL is set) beside a
// production build followed by end-to-end tests in Chromium. The Firebase Auth
// Emulator runs for the integration and end-to-end steps. Ends with one
// summary line. TEST_STEPS_IN_SEQUENCE=1 runs the steps one after another, each
// one's output live.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startAuthEmulator } from "./lib/emulator.mjs";
import { npxBin, run } from "./lib/processes.mjs";

const root = path.resolve(new URL("..", import.meta.url).pathname);
const reports = fs.mkdtempSync(path.join(os.tmpdir(), "mcp-console-reports-"));
const projectId = "demo-mcp-console-test";
const steps = [];
const runStarted = Date.now();
let passed = 0;
let failed = 0;
let skipped = 0;
const inSequence = process.env.TEST_STEPS_IN_SEQUENCE === "1";

/**
 * Runs one step and adds what its report counted. A step that fails without
 * a failing test to show for it (it could not start: a port taken, a build
 * missing; or it crashed) counts as one failure, so that the closing line
 * never reads "0 failed" under a failed step.
 *
 * A step run `alongside` others writes its output to a file, printed whole
 * under its heading when it ends, so that two steps' lines never interleave;
 * a line says when it starts.
 */
async function step(name, command, args, env = {}, count = () => ({ passed: 0, failed: 0, skipped: 0 }), alongside = false) {
  const started = Date.now();
  let code;
  if (alongside) {
    console.log(`→ ${name}: started`);
    const log = path.join(reports, `${name.replace(/[^a-z0-9]+/gi, "-").toLowerCase()}.log`);
    const fd = fs.openSync(log, "w");
    code = await run(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", fd, fd] });
    fs.closeSync(fd);
    console.log(`\n━━ ${name} ━━`);
    process.stdout.write(fs.readFileSync(log));
  } else {
    console.log(`\n━━ ${name} ━━`);
    code = await run(command, args, { cwd: root, env: { ...process.env, ...env } });
  }
  const ok = code === 0;
  const counted = count();
  passed += counted.passed;
  skipped += counted.skipped;
  failed += ok || counted.failed > 0 ? counted.failed : 1;
  steps.push({ name, ok, seconds: (Date.now() - started) / 1000 });
  return ok;
}

/**
 * Runs lines of steps side by side, each `line` given whether its steps run
 * alongside another line; or, with TEST_STEPS_IN_SEQUENCE=1, one after another.
 */
async function sideBySide(names, ...lines) {
  if (inSequence) {
    for (const line of lines) await line(false);
    return;
  }
  console.log(`\n${names} run side by side; each step's output follows when it ends.`);
  await Promise.all(lines.map((line) => line(true)));
}

/** A report that is missing or unreadable counts nothing: the step's exit code then speaks. */
function readReport(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

const jestCounts = (file) => () => {
  const r = readReport(file);
  return r
    ? { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests }
    : { passed: 0, failed: 0, skipped: 0 };
};

const playwrightCounts = (file) => () => {
  const stats = readReport(file)?.stats;
  return stats
    ? { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped }
    : { passed: 0, failed: 0, skipped: 0 };
};

const testEnv = {
  FIREBASE_PROJECT_ID: projectId,
  LOG_LEVEL: "silent",
};

// Ports can be moved (TEST_PORT_BASE) so that two test runs can share a machine; keep them below the
// system's ephemeral range (32768 and up on Linux), where an outgoing connection may hold one.
const base = Number(process.env.TEST_PORT_BASE ?? 9190);
// The Auth Emulator is needed from the integration step on, and none of the steps before need it:
// it starts now, beside them, instead of making the integration step wait for its start (54 s on a
// loaded machine here; it also tries the internet for a notice, which fails offline). A failure to
// start surfaces where it is awaited; the empty catch only keeps it from ending the run before then.
const emulatorStarting = startAuthEmulator({ projectId, port: base + 9, hubPort: base + 10, loggingPort: base + 11, quiet: true });
emulatorStarting.catch(() => {});

// ESLint and tsc each keep one core busy and no more; CI has two. tsc checks the route types too
// (next typegen writes them, as the build would), so the build below need not check types again.
await sideBySide(
  "Lint and types",
  (alongside) => step("Lint (ESLint)", npxBin("eslint"), [".", "--max-warnings=0"], {}, undefined, alongside),
  async (alongside) => {
    if (await step("Route types (next typegen)", npxBin("next"), ["typegen"], {}, undefined, alongside)) {
      await step("Types (tsc --noEmit)", npxBin("tsc"), ["--noEmit"], {}, undefined, alongside);
    }
  },
);

const unitReport = path.join(reports, "unit.json");
// Two workers: Jest's default is one fewer than the cores, which on CI's two runs the whole
// suite in one process while the other core idles; unit tests share no files, ports or servers.
await step("Unit and component tests (Jest, jsdom)", npxBin("jest"), ["--selectProjects", "unit", "--maxWorkers=2", "--json", `--outputFile=${unitReport}`], testEnv, jestCounts(unitReport));

const emulator = await emulatorStarting;
const withEmulator = { ...testEnv, FIREBASE_AUTH_EMULATOR_HOST: emulator.host };
// PGlite loads its WebAssembly with a dynamic import, which Jest's VM allows only with this flag.
const vmModules = { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --experimental-vm-modules --no-warnings=ExperimentalWarning`.trim() };

const integrationReport = path.join(reports, "integration.json");
const databases = process.env.TEST_DATABASE_URL ? "PGlite and PostgreSQL" : "PGlite";
const e2eReport = path.join(reports, "e2e.json");
// The integration suites (two workers) keep about one of CI's two cores busy, waiting the rest of
// the time on servers, timers and the network, and the build the other (docs/development.md has the
// figures): the two run side by side. They share only the emulator: the suites listen on ports the
// system picks. The end-to-end tests run after both, alone: beside the integration suites, tests
// that time what a loaded machine does (two instances behind nginx, a memory bound, a page
// refreshing on its own) failed now and then, and a run that fails now and then is worth less than
// the minutes it saves.
let built = false;
await sideBySide(
  "Integration tests and the build",
  (alongside) =>
    step(
      `Integration tests (Jest, node; ${databases})`,
      npxBin("jest"),
      // --forceExit: some suites still leave a socket open after their last test
      // (a hostile test server or a pooled MCP connection), and Jest would then
      // wait forever once the results are written. Finding each one is open work.
      // Two workers: each suite has its own databases and free ports.
      ["--selectProjects", "integration", "--maxWorkers=2", "--forceExit", "--json", `--outputFile=${integrationReport}`],
      { ...withEmulator, ...vmModules },
      jestCounts(integrationReport),
      alongside,
    ),
  async (alongside) => {
    built = await step("Production build (next build)", npxBin("next"), ["build"], { NEXT_BUILD_TYPES_CHECKED: "1" }, undefined, alongside);
  },
);

if (built) {
  await step(
    "End-to-end tests (Playwright, Chromium)",
    npxBin("playwright"),
    ["test"],
    { ...withEmulator, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport, E2E_PORT: String(base + 12) },
    playwrightCounts(e2eReport),
  );
}

emulator.stop();

console.log(`\n━━ Summary (${((Date.now() - runStarted) / 1000).toFixed(1)} s in all) ━━`);
for (const s of steps) console.log(`${s.ok ? "✔" : "✘"} ${s.name} (${s.seconds.toFixed(1)} s)`);
const allOk = steps.every((s) => s.ok);
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(allOk && failed === 0 ? 0 : 1);
