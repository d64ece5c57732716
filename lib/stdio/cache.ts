import path from "node:path";
import { env } from "../env";
import type { StdioPackage } from "./config";

/**
 * Where installed packages live: one folder per package and version under the data folder's
 * `packages`, each holding its node_modules as `npm install --prefix` lays them out. A sandbox sees
 * only its own package's node_modules, read-only, never the data folder itself.
 */
export function packageFolder(pkg: StdioPackage, dataDir = env().dataDir): string {
  return path.resolve(dataDir, "packages", `${pkg.identifier}@${pkg.version}`);
}
