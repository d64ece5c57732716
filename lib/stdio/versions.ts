import { env } from "../env";
import { EXACT_VERSION } from "./config";
import { NpmError, runNpm } from "./npm";

/** How long asking the registry for a package's versions may take. */
const VIEW_TIMEOUT_MS = 30_000;

/**
 * The newest version of an npm package that `range` names (a range such as `^1.2`, a tag such as
 * `latest`, or nothing: `latest`), as the registry answers today: what an `npx` entry without an
 * exact version would run now, so that the console can install that one and keep it. Throws an
 * NpmError saying why when the registry has no such package or version.
 */
export async function newestVersion(identifier: string, range: string, opts: { dataDir?: string } = {}): Promise<string> {
  const spec = `${identifier}@${range || "latest"}`;
  // One quick retry at most: the preview waits for this, and a registry that does not answer should say so soon.
  const args = ["view", spec, "version", "--json", "--fetch-retries=1", "--fetch-retry-mintimeout=500", "--fetch-retry-maxtimeout=2000"];
  const out = (await runNpm(args, opts.dataDir ?? env().dataDir, VIEW_TIMEOUT_MS)).trim();
  // One version is a JSON string; a range that several match is a list, oldest first; none is no output.
  let found: unknown;
  try {
    found = out ? JSON.parse(out) : undefined;
  } catch {
    throw new NpmError(`npm answered something other than a version for ${spec}.`);
  }
  const versions = (Array.isArray(found) ? found : [found]).filter((v): v is string => typeof v === "string" && EXACT_VERSION.test(v));
  const newest = versions.at(-1);
  if (!newest) throw new NpmError(`The registry has no version of ${identifier} matching "${range || "latest"}".`);
  return newest;
}
