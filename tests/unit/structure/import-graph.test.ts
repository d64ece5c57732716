import { execFileSync } from "node:child_process";
import path from "node:path";

/**
 * The bar on lib's structure (issue 23), as scripts/import-graph.mjs measures
 * it: at most three pairs of feature folders in lib import each other (each
 * explained where it occurs), and lib imports nothing from app.
 */

interface Summary {
  lib: { pair: [string, string]; imports: [string, string][] }[];
  libToApp: [string, string][];
}

const MAX_TWO_WAY_PAIRS = 3;

function summary(): Summary {
  const root = path.resolve(__dirname, "../../..");
  const out = execFileSync(process.execPath, [path.join(root, "scripts/import-graph.mjs"), "--json"], { cwd: root, encoding: "utf8" });
  return JSON.parse(out) as Summary;
}

const describePair = ({ pair, imports }: Summary["lib"][number]) =>
  `${pair.join(" <-> ")}\n${imports.map(([file, spec]) => `    ${file} -> ${spec}`).join("\n")}`;

describe("lib's import graph", () => {
  const result = summary();

  it(`has at most ${MAX_TWO_WAY_PAIRS} pairs of folders that import each other`, () => {
    const pairs = result.lib.map(describePair);
    expect(pairs.length <= MAX_TWO_WAY_PAIRS ? [] : pairs).toEqual([]);
  });

  it("never imports app", () => {
    expect(result.libToApp.map(([file, spec]) => `${file} -> ${spec}`)).toEqual([]);
  });
});
