import fs from "node:fs";
import path from "node:path";

/**
 * A hook's name says what it does, so that a reader who meets `useX` knows
 * which one it is: no two modules of lib/ and components/ export a hook of
 * the same name (upstream OAuth's and the person's own sign-in were both
 * `useSignIn`).
 */

const root = path.resolve(__dirname, "../../..");
const HOOK_EXPORT = /export (?:async )?(?:function\*? |const |let )(use[A-Z]\w*)/g;

function* sources(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield full;
  }
}

function sharedHookNames(): string[] {
  const byName = new Map<string, string[]>();
  for (const top of ["lib", "components"]) {
    for (const file of sources(path.join(root, top))) {
      for (const [, name] of fs.readFileSync(file, "utf8").matchAll(HOOK_EXPORT)) {
        byName.set(name, [...(byName.get(name) ?? []), path.relative(root, file)]);
      }
    }
  }
  return [...byName].filter(([, files]) => files.length > 1).map(([name, files]) => `${name}: ${files.join(", ")}`);
}

describe("hooks", () => {
  it("each have a name of their own", () => {
    expect(sharedHookNames()).toEqual([]);
  });
});
