// Prints how the code's feature folders import each other: every pair of
// folders in lib/ (and in components/) that import each other both ways, with
// the imports that make the pair, and every import of app/ from lib/.
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
  return { lib: twoWay("lib/"), components: twoWay("components/"), libToApp };
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
  }
}
