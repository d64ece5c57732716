import fs from "node:fs";
import path from "node:path";

/**
 * The README's map of the code and docs/*.md name the project's files, so that
 * a reader finds what they describe: each path they name must exist. A path is
 * text in backticks that starts with one of the project's top folders
 * (`lib/net/guarded-fetch.ts`, `app/(app)`, `lib/servers/stdio-*`), or a link
 * to a file of the repository. `*` stands for any name, `**` for any folders,
 * and a placeholder (`lib/<feature>/`) for one folder; a `#anchor` or a
 * `:line` after it is not part of it.
 */

const root = path.resolve(__dirname, "../../..");
const TOP_FOLDERS = ["app", "bench", "components", "content", "docs", "lib", "public", "scripts", "tests"];
const NAMED_PATH = new RegExp(`\`((?:${TOP_FOLDERS.join("|")})/[^\`\\s]*)\``, "g");
const LINK = /\]\(([^)\s]+)\)/g;

const documents = () => ["README.md", ...fs.readdirSync(path.join(root, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];

/** Whether `segments` (with `*`, `**` and `<…>`) name something below `dir`. */
function exists(dir: string, segments: string[]): boolean {
  if (segments.length === 0) return true;
  const [first, ...rest] = segments;
  if (first === "" || first === ".") return exists(dir, rest);
  if (first === "**") return exists(dir, rest) || subfolders(dir).some((sub) => exists(sub, segments));
  if (!/[*<]/.test(first)) return fs.existsSync(path.join(dir, first)) && exists(path.join(dir, first), rest);
  const pattern = new RegExp(`^${first.split(/(\*|<[^>]+>)/).map((part) => (part === "*" || part.startsWith("<") ? "[^/]*" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))).join("")}$`);
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) return false;
  return fs.readdirSync(dir).some((name) => pattern.test(name) && exists(path.join(dir, name), rest));
}

function subfolders(dir: string): string[] {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => path.join(dir, e.name));
}

/** `lib/x.ts#anchor`, `lib/x.ts:12` → `lib/x.ts`. */
const withoutSuffix = (named: string) => named.replace(/#.*$/, "").replace(/:\d+(-\d+)?$/, "");

function missingPaths(): string[] {
  const missing: string[] = [];
  for (const doc of documents()) {
    const lines = fs.readFileSync(path.join(root, doc), "utf8").split("\n");
    lines.forEach((line, i) => {
      for (const [, named] of line.matchAll(NAMED_PATH)) {
        if (!exists(root, withoutSuffix(named).split("/"))) missing.push(`${doc}:${i + 1}: ${named}`);
      }
      for (const [, target] of line.matchAll(LINK)) {
        if (/^([a-z]+:|#)/.test(target)) continue;
        const file = path.join(path.dirname(path.join(root, doc)), withoutSuffix(target));
        if (!fs.existsSync(file)) missing.push(`${doc}:${i + 1}: ${target}`);
      }
    });
  }
  return missing;
}

describe("the README and docs/", () => {
  it("name only paths that exist", () => {
    expect(missingPaths()).toEqual([]);
  });

  it("are read for the paths they name (the check finds a missing one)", () => {
    expect(exists(root, "lib/net/guarded-fetch.ts".split("/"))).toBe(true);
    expect(exists(root, "lib/<feature>/schema.ts".split("/"))).toBe(true);
    expect(exists(root, "app/api/**/route.ts".split("/"))).toBe(true);
    expect(exists(root, "lib/upstream/errors.ts".split("/"))).toBe(false);
    expect(exists(root, "lib/*/no-such-module.ts".split("/"))).toBe(false);
  });
});
