// Prints how the code's feature folders import each other: every pair of
// folders in lib/ (and in components/) that import each other both ways, with
// the imports that make the pair, every import of app/ or components/ from
// lib/ (lib is what they are built on), and every import of a feature by a
// shared unit of lib/ (SHARED_FOLDERS below).
//
//   node scripts/import-graph.mjs          the summary
//   node scripts/import-graph.mjs --files  each pair's imports too
//   node scripts/import-graph.mjs --json   the same as JSON, for tests
//
// A folder is lib/<name>/ or components/<name>/; a file directly in lib/ is a
// unit of its own (lib/env.ts is "lib/env"). Type-only imports count: they tie
// the folders together as much as any other.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(new URL("..", import.meta.url).pathname);
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const IMPORT = /(?<![\w/.$-])(?:from|import)[\s(]*["']([^"']+)["']/g;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (SOURCE.test(entry.name)) yield full;
  }
}

/**
 * The units of lib/ that belong to no feature, what every feature may build on:
 * each file directly in lib/ but the composition roots below, and these
 * folders (the database, HTTP errors, the outbound guard, the plans table,
 * MCP's own types…). A shared unit imports only shared units; any other
 * folder is a feature (a new one too, until it is listed here).
 */
export const SHARED_FOLDERS = new Set([
  "lib/api-client", "lib/api-contract", "lib/cache", "lib/crypto", "lib/db", "lib/errors", "lib/forms", "lib/http", "lib/mail", "lib/mcp", "lib/metrics",
  "lib/net", "lib/plans", "lib/query", "lib/rate-limit", "lib/sandbox", "lib/worker-pool",
]);

/** Files directly in lib/ that wire the features together (start-up, housekeeping, the worker threads' table). */
export const COMPOSITION_ROOTS = new Set(["lib/startup", "lib/housekeeping", "lib/worker-tasks"]);

/** Files of a shared unit that may import a feature, and why. */
export const SHARED_EXCEPTIONS = { "lib/db/schema.ts": "the one schema of every table types a column with its feature's type" };

/** Whether a unit of lib/ is shared (see SHARED_FOLDERS). */
export function isShared(unit, dir = root) {
  if (!unit.startsWith("lib/")) return false;
  if (SHARED_FOLDERS.has(unit)) return true;
  const isFolder = fs.existsSync(path.join(dir, unit)) && fs.statSync(path.join(dir, unit)).isDirectory();
  return !isFolder && !COMPOSITION_ROOTS.has(unit);
}

/** The unit a project path belongs to: "lib/servers", "lib/env", "components/ui", "app"; null outside them. */
function unitOf(relative) {
  const parts = relative.split("/");
  if (parts[0] === "app") return "app";
  if (parts[0] !== "lib" && parts[0] !== "components") return null;
  if (parts.length === 1) return null;
  if (parts.length === 2) return `${parts[0]}/${parts[1].replace(SOURCE, "")}`;
  return `${parts[0]}/${parts[1]}`;
}

/** Every import between units: from unit → to unit → [file, specifier]. */
export function importGraph(dir = root) {
  const edges = new Map();
  for (const top of ["lib", "components", "app"]) {
    const start = path.join(dir, top);
    if (!fs.existsSync(start)) continue;
    for (const file of files(start)) {
      const relative = path.relative(dir, file);
      const from = unitOf(relative);
      const text = fs.readFileSync(file, "utf8");
      for (const match of text.matchAll(IMPORT)) {
        const spec = match[1];
        let target;
        if (spec.startsWith("@/")) target = spec.slice(2);
        else if (spec.startsWith(".")) target = path.normalize(path.join(path.dirname(relative), spec));
        else continue;
        const to = unitOf(target);
        if (!to || to === from) continue;
        if (!edges.has(from)) edges.set(from, new Map());
        const byTarget = edges.get(from);
        if (!byTarget.has(to)) byTarget.set(to, []);
        byTarget.get(to).push([relative, spec]);
      }
    }
  }
  return edges;
}

/** Pairs of units under `prefix` that import each other, and lib's imports of app. */
export function summary(dir = root) {
  const edges = importGraph(dir);
  const twoWay = (prefix) => {
    const pairs = [];
    for (const [from, targets] of edges) {
      for (const to of targets.keys()) {
        if (from < to && from.startsWith(prefix) && to.startsWith(prefix) && edges.get(to)?.has(from)) {
          pairs.push({ pair: [from, to], imports: [...targets.get(to), ...edges.get(to).get(from)] });
        }
      }
    }
    return pairs.sort((a, b) => a.pair.join().localeCompare(b.pair.join()));
  };
  const libToApp = [...edges].filter(([from]) => from.startsWith("lib/")).flatMap(([, targets]) => targets.get("app") ?? []);
  const libToComponents = [...edges]
    .filter(([from]) => from.startsWith("lib/"))
    .flatMap(([, targets]) => [...targets].filter(([to]) => to.startsWith("components/")).flatMap(([, imports]) => imports));
  const sharedToFeature = [...edges]
    .filter(([from]) => isShared(from, dir))
    .flatMap(([, targets]) => [...targets].filter(([to]) => to.startsWith("lib/") && !isShared(to, dir)).flatMap(([, imports]) => imports))
    .filter(([file]) => !(file in SHARED_EXCEPTIONS));
  const listedButMissing = [...SHARED_FOLDERS, ...COMPOSITION_ROOTS, ...Object.keys(SHARED_EXCEPTIONS)].filter((unit) => {
    if (fs.existsSync(path.join(dir, unit))) return false;
    const parent = path.join(dir, path.dirname(unit));
    return !fs.existsSync(parent) || !fs.readdirSync(parent).some((f) => f.replace(SOURCE, "") === path.basename(unit));
  });
  return { lib: twoWay("lib/"), components: twoWay("components/"), libToApp, libToComponents, sharedToFeature, listedButMissing };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = summary();
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify(result, null, 2));
  } else {
    const withFiles = process.argv.includes("--files");
    for (const kind of ["lib", "components"]) {
      console.log(`${kind}/: ${result[kind].length} pairs of folders import each other`);
      for (const { pair, imports } of result[kind]) {
        console.log(`  ${pair[0]} <-> ${pair[1]}`);
        if (withFiles) for (const [file, spec] of imports) console.log(`      ${file} -> ${spec}`);
      }
    }
    console.log(`lib/ imports app/: ${result.libToApp.length} times`);
    if (withFiles) for (const [file, spec] of result.libToApp) console.log(`      ${file} -> ${spec}`);
    console.log(`lib/ imports components/: ${result.libToComponents.length} times`);
    if (withFiles) for (const [file, spec] of result.libToComponents) console.log(`      ${file} -> ${spec}`);
    console.log(`lib/'s shared units import a feature: ${result.sharedToFeature.length} times`);
    if (withFiles) for (const [file, spec] of result.sharedToFeature) console.log(`      ${file} -> ${spec}`);
  }
}
