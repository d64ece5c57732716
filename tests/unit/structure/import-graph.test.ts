import { execFileSync } from "node:child_process";
import path from "node:path";

/**
 * The bar on lib's structure (issues 23 and 38), as scripts/import-graph.mjs
 * measures it: at most three pairs of feature folders in lib import each other
 * (each explained where it occurs), lib imports nothing from app, and a shared
 * unit of lib (a file directly in lib/ but a composition root, or a folder of
 * SHARED_FOLDERS there) imports no feature: the outbound guard, the database or
 * the metrics know no feature, each feature tells them what they need.
 */

interface Summary {
  lib: { pair: [string, string]; imports: [string, string][] }[];
  libToApp: [string, string][];
  sharedToFeature: [string, string][];
  listedButMissing: string[];
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

  it("has shared units that import no feature", () => {
    expect(result.sharedToFeature.map(([file, spec]) => `${file} -> ${spec}`)).toEqual([]);
  });

  it("lists as shared or as composition roots only units that exist", () => {
    expect(result.listedButMissing).toEqual([]);
  });
});
