import fs from "node:fs/promises";
import path from "node:path";
import { NPM_NAME_PATTERN } from "./config";


/** A package.json is a few kilobytes; one far larger is not read. */
const MAX_MANIFEST_BYTES = 1024 * 1024;

/**
 * The program an installed package runs as, relative to node_modules: its `bin`. A package with
 * several bins runs the one named after the package (as `npx <package>` does), or fails saying so.
 */
export async function packageBin(packageDir: string, identifier: string): Promise<string> {
  if (!NPM_NAME_PATTERN.test(identifier)) throw new Error(`"${identifier}" is not an npm package name.`);
  const manifestPath = path.join(packageDir, "node_modules", identifier, "package.json");
  const stat = await fs.stat(manifestPath).catch(() => undefined);
  if (!stat?.isFile()) throw new Error(`${identifier} is not installed (no ${path.join("node_modules", identifier, "package.json")}).`);
  if (stat.size > MAX_MANIFEST_BYTES) throw new Error(`${identifier}'s package.json is larger than ${MAX_MANIFEST_BYTES} bytes.`);
  const manifest = JSON.parse(await fs.readFile(manifestPath, "utf8")) as { bin?: unknown };
  const bins = typeof manifest.bin === "string" ? { [identifier]: manifest.bin } : manifest.bin;
  if (!bins || typeof bins !== "object") throw new Error(`${identifier} has no program to run (no "bin" in its package.json).`);
  const entries = Object.entries(bins).filter((entry): entry is [string, string] => typeof entry[1] === "string");
  const unscoped = identifier.split("/").at(-1);
  const chosen = entries.length === 1 ? entries[0] : entries.find(([name]) => name === unscoped);
  if (!chosen) throw new Error(`${identifier} has several programs (${entries.map(([name]) => name).join(", ")}) and none named ${unscoped}.`);
  const bin = path.posix.normalize(chosen[1]);
  if (path.posix.isAbsolute(bin) || bin.startsWith("..")) throw new Error(`${identifier}'s bin "${chosen[1]}" points outside the package.`);
  return `${identifier}/${bin}`;
}
