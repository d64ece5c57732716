import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { env } from "../env";
import { packageFolder } from "./cache";
import { packageLabel, type StdioPackage } from "./config";
import { NpmError, runNpm } from "./npm";

/** How long one install may take: npm fetching a package and its dependencies. */
export const INSTALL_TIMEOUT_MS = 120_000;
/** Written last in an install folder: its presence means the install finished. */
const MARKER = "installed.json";

/** Why npm could not install a package, in npm's words. */
export class InstallError extends NpmError {}

export interface InstalledPackage {
  folder: string;
  /** The package tarball's integrity as npm checked it (package-lock.json), or null when npm recorded none. */
  integrity: string | null;
}

async function readInstalled(folder: string): Promise<InstalledPackage | undefined> {
  try {
    const marker = JSON.parse(await fs.readFile(path.join(folder, MARKER), "utf8")) as { integrity: string | null };
    return { folder, integrity: marker.integrity };
  } catch {
    return undefined;
  }
}

async function install(pkg: StdioPackage, dataDir: string, timeoutMs: number): Promise<InstalledPackage> {
  const folder = packageFolder(pkg, dataDir);
  const done = await readInstalled(folder);
  if (done) return done;
  // Installed beside, then moved in whole: a folder in place is always a finished install.
  const staging = `${folder}.installing-${randomUUID()}`;
  await fs.mkdir(staging, { recursive: true });
  try {
    // The pinned version, exactly; install scripts off (a package's code runs only in the sandbox).
    await runNpm(["install", "--ignore-scripts", "--no-audit", "--no-fund", "--save-exact", "--prefix", staging, `${pkg.identifier}@${pkg.version}`], dataDir, timeoutMs);
    const lock = JSON.parse(await fs.readFile(path.join(staging, "package-lock.json"), "utf8")) as {
      packages?: Record<string, { version?: string; integrity?: string }>;
    };
    const entry = lock.packages?.[`node_modules/${pkg.identifier}`];
    if (entry?.version !== pkg.version) throw new InstallError(`npm installed version ${entry?.version ?? "none"} instead of ${pkg.version}.`);
    const integrity = entry.integrity ?? null;
    await fs.writeFile(path.join(staging, MARKER), JSON.stringify({ package: pkg, integrity }));
    await fs.rename(staging, folder).catch(async (error: NodeJS.ErrnoException) => {
      // Another instance finished the same install first: keep its folder.
      if (error.code !== "ENOTEMPTY" && error.code !== "EEXIST") throw error;
    });
    return (await readInstalled(folder)) ?? { folder, integrity };
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

const inFlight = new Map<string, Promise<InstalledPackage>>();

/**
 * Installs a pinned npm package once into its own folder of the package cache (lib/stdio/cache.ts),
 * in a child process bounded in time and output; a second registration of the same package while
 * the first installs waits for it. Throws InstallError saying why npm could not install it.
 */
export function installPackage(pkg: StdioPackage, opts: { dataDir?: string; timeoutMs?: number } = {}): Promise<InstalledPackage> {
  const dataDir = opts.dataDir ?? env().dataDir;
  const key = packageFolder(pkg, dataDir);
  let running = inFlight.get(key);
  if (!running) {
    running = install(pkg, dataDir, opts.timeoutMs ?? INSTALL_TIMEOUT_MS)
      .catch((error: unknown) => {
        // npm's own words say why; anything else (a folder that cannot be written) is named with the package.
        throw error instanceof NpmError ? new InstallError(error.message) : new InstallError(`${packageLabel(pkg)}: ${(error as Error).message}`);
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, running);
  }
  return running;
}

/**
 * The folder of a registered package on this instance: installed now when this instance has not
 * installed it (another instance registered it; an instance's data folder is its own), the same
 * pinned version with install scripts off. Runs only what was registered: when npm's integrity of
 * the tarball is not the one recorded at registration (the registry now serves other contents
 * under that version), an InstallError says so and nothing runs.
 */
export async function installedAsRegistered(registered: { package: StdioPackage; integrity: string | null }, opts: { dataDir?: string } = {}): Promise<InstalledPackage> {
  const installed = await installPackage(registered.package, opts).catch((err: unknown) => {
    throw err instanceof InstallError ? new InstallError(`${packageLabel(registered.package)} is not installed on this instance, and npm could not install it: ${err.message}`) : err;
  });
  if (registered.integrity !== null && installed.integrity !== registered.integrity) {
    throw new InstallError(
      `${packageLabel(registered.package)} is not what was registered: npm's integrity of its tarball is ${installed.integrity ?? "missing"}, and was ${registered.integrity} at registration. The console runs only the package it installed and checked; add the server again to accept what the registry serves now.`,
    );
  }
  return installed;
}
