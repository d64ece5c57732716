// `npm run lighthouse -- [base URL] [--runs=N, default 3]`: Lighthouse (mobile, its
// default settings) on the public pages of an already running server, in
// Debian's Chromium, and a table of the four category scores and of the
// JavaScript each page transferred while it loaded. It builds and starts
// nothing: start the server first (`npm run build && npm start`, or
// `node scripts/server.mjs`). The base URL comes from the argument, else
// LIGHTHOUSE_URL, else http://localhost:3000. With --runs=N each page is
// measured N times and each figure is the median of its N values (the
// machine's load moves single runs). Exits with 1, naming the page and the
// figure, when a page misses a bar.
import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import { promisify } from "node:util";

const run = promisify(execFile);
const require = createRequire(import.meta.url);

const args = process.argv.slice(2);
const runsArg = args.find((a) => a.startsWith("--runs="));
const runs = Math.max(1, Number(runsArg?.slice("--runs=".length) ?? 3) || 1);
const base = (args.find((a) => !a.startsWith("--")) ?? process.env.LIGHTHOUSE_URL ?? "http://localhost:3000").replace(/\/$/, "");
// The same Chromium, with the same flags, as the end-to-end tests (offline, no sandbox, no GPU).
const chromium = JSON.parse(fs.readFileSync(new URL("./lib/chromium.json", import.meta.url), "utf8"));
const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? chromium.path;
const CHROME_FLAGS = ["--headless=new", ...chromium.args].join(" ");

const CATEGORIES = [
  { id: "performance", label: "Perf", target: 0.98 },
  { id: "accessibility", label: "A11y", target: 1 },
  { id: "best-practices", label: "Best pr.", target: 1 },
  { id: "seo", label: "SEO", target: 1 },
];
/** The most script a public page may transfer while it loads (compressed, kB), idle-time chunks included. */
const MAX_JS_KB = 170;

/** One post to measure: the first blog post the sitemap lists. */
async function firstPostPath() {
  const res = await fetch(`${base}/sitemap.xml`);
  if (!res.ok) throw new Error(`GET ${base}/sitemap.xml answered ${res.status}: is the server running?`);
  const xml = await res.text();
  for (const [, loc] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const path = new URL(loc).pathname;
    if (/^\/blog\/[^/]+$/.test(path) && path !== "/blog/rss.xml") return path;
  }
  throw new Error("the sitemap lists no blog post");
}

/** One Lighthouse run. A run whose trace came out broken (NO_NAVSTART and the like, on a busy machine) is retried twice. */
async function lighthouse(url, attempt = 1) {
  const cli = require.resolve("lighthouse/cli/index.js");
  let report;
  try {
    const { stdout } = await run(
      process.execPath,
      [cli, url, "--quiet", "--output=json", "--output-path=stdout", `--chrome-flags=${CHROME_FLAGS}`],
      { env: { ...process.env, CHROME_PATH: chromePath }, maxBuffer: 256 * 1024 * 1024 },
    );
    report = JSON.parse(stdout);
    if (report.runtimeError) throw new Error(`${report.runtimeError.code}: ${report.runtimeError.message}`);
  } catch (err) {
    const reason = String(err.stderr || err.message).trim().split("\n")[0];
    if (attempt < 3) {
      process.stderr.write(`${url}: ${reason}; trying again\n`);
      return lighthouse(url, attempt + 1);
    }
    throw new Error(`${url}: ${reason}`);
  }
  const scripts = report.audits["resource-summary"]?.details?.items?.find((i) => i.resourceType === "script");
  return {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c.id, report.categories[c.id]?.score ?? 0])),
    jsKb: scripts ? scripts.transferSize / 1024 : 0,
    failing: Object.values(report.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "manual")
      .map((a) => `${a.id} (${a.score})`),
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Each figure's median over the runs of one page; the audits below 1 of the run closest to the median performance. */
function summarize(results) {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c.id, median(results.map((r) => r.scores[c.id]))]));
  const typical = results.find((r) => r.scores.performance === scores.performance);
  return { scores, jsKb: median(results.map((r) => r.jsKb)), failing: typical.failing };
}

const pages = ["/", "/get-started", "/faq", "/blog", await firstPostPath(), "/docs/api"];
const rows = [];
for (const path of pages) {
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await lighthouse(`${base}${path}`));
  rows.push({ path, ...summarize(results) });
  process.stderr.write(`measured ${path}\n`);
}

const width = Math.max(...rows.map((r) => r.path.length), 4);
const header = ["Page".padEnd(width), ...CATEGORIES.map((c) => c.label.padStart(8)), "JS kB".padStart(8)].join("  ");
console.log(`\nLighthouse ${require("lighthouse/package.json").version}, mobile, ${base}${runs > 1 ? `, median of ${runs} runs` : ""}\n`);
console.log(header);
console.log("-".repeat(header.length));
const misses = [];
for (const row of rows) {
  const cells = CATEGORIES.map((c) => {
    const score = row.scores[c.id];
    const ok = score >= c.target;
    if (!ok) misses.push(`${row.path}: ${c.label} ${score.toFixed(2)} < ${c.target}`);
    return `${score.toFixed(2)}${ok ? " " : "!"}`.padStart(8);
  });
  const light = row.jsKb <= MAX_JS_KB;
  if (!light) misses.push(`${row.path}: JS ${row.jsKb.toFixed(1)} kB > ${MAX_JS_KB} kB`);
  console.log([row.path.padEnd(width), ...cells, `${row.jsKb.toFixed(1)}${light ? " " : "!"}`.padStart(8)].join("  "));
}
console.log(
  `\nBars: ${CATEGORIES.map((c) => `${c.label} ≥ ${c.target}`).join(", ")}, JS ≤ ${MAX_JS_KB} kB. "!" marks a miss; JS kB is the script transferred (compressed) during the load, chunks loaded at idle time included.`,
);
if (misses.length) {
  console.log(`\nMissed:\n${misses.map((m) => `  ${m}`).join("\n")}`);
  for (const row of rows) if (row.failing.length) console.log(`${row.path}: audits below 1: ${row.failing.join(", ")}`);
  process.exitCode = 1;
}
