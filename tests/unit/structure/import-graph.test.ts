import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * The bar on lib's structure (issues 23 and 38), as scripts/import-graph.mjs
 * measures it: at most three pairs of feature folders in lib import each other
 * (each explained where it occurs), lib imports nothing from app or components
 * (they are built on lib, never the other way), and a shared
 * unit of lib (a file directly in lib/ but a composition root, or a folder of
 * SHARED_FOLDERS there) imports no feature: the outbound guard, the database or
 * the metrics know no feature, each feature tells them what they need.
 */

interface Summary {
  lib: { pair: [string, string]; imports: [string, string][] }[];
  libToApp: [string, string][];
  libToComponents: [string, string][];
  sharedToFeature: [string, string][];
  listedButMissing: string[];
}

const MAX_TWO_WAY_PAIRS = 3;

const root = path.resolve(__dirname, "../../..");

function summary(): Summary {
  const out = execFileSync(process.execPath, [path.join(root, "scripts/import-graph.mjs"), "--json"], { cwd: root, encoding: "utf8" });
  return JSON.parse(out) as Summary;
}

/** The script's summary of a made-up tree of files (path → text), written to a folder of its own. */
function summaryOf(tree: Record<string, string>): Summary {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "import-graph-"));
  try {
    for (const [file, text] of Object.entries(tree)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    const script = `import { summary } from ${JSON.stringify(path.join(root, "scripts/import-graph.mjs"))}; console.log(JSON.stringify(summary(process.argv[1])));`;
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script, dir], { encoding: "utf8" });
    return JSON.parse(out) as Summary;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
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

  it("never imports components", () => {
    expect(result.libToComponents.map(([file, spec]) => `${file} -> ${spec}`)).toEqual([]);
  });

  it("has shared units that import no feature", () => {
    expect(result.sharedToFeature.map(([file, spec]) => `${file} -> ${spec}`)).toEqual([]);
  });

  it("lists as shared or as composition roots only units that exist", () => {
    expect(result.listedButMissing).toEqual([]);
  });
});

describe("the import graph's rules", () => {
  it("find a shared unit that imports a feature, and lib importing app or components", () => {
    const result = summaryOf({
      "lib/net/guarded-fetch.ts": 'import { DEMO_ORIGIN } from "../demo/origin";\n',
      "lib/demo/origin.ts": 'export const DEMO_ORIGIN = "http://127.0.0.1:3001";\n',
      "lib/servers/hooks.ts": 'import { Badge } from "@/components/servers/badge";\nimport { GET } from "@/app/api/servers/route";\n',
      "components/servers/badge.tsx": "export const Badge = () => null;\n",
      "app/api/servers/route.ts": "export const GET = () => null;\n",
    });
    expect(result.sharedToFeature).toEqual([["lib/net/guarded-fetch.ts", "../demo/origin"]]);
    expect(result.libToComponents).toEqual([["lib/servers/hooks.ts", "@/components/servers/badge"]]);
    expect(result.libToApp).toEqual([["lib/servers/hooks.ts", "@/app/api/servers/route"]]);
  });

  it("find two features that import each other", () => {
    const result = summaryOf({
      "lib/servers/service.ts": 'import { scan } from "../scanner/run";\n',
      "lib/scanner/run.ts": 'import type { ServerDto } from "../servers/schema";\n',
    });
    expect(result.lib.map(({ pair }) => pair)).toEqual([["lib/scanner", "lib/servers"]]);
  });
});
