import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { env } from "../env";
import { packageFolder } from "./cache";
import { packageLabel, type StdioPackage } from "./config";

/** How long one install may take: npm fetching a package and its dependencies. */
export const INSTALL_TIMEOUT_MS = 120_000;
/** npm's output kept to say why an install failed; more kills it (it is not read on the request thread beyond this). */
const OUTPUT_BYTES = 256 * 1024;
/** Written last in an install folder: its presence means the install finished. */
const MARKER = "installed.json";

export class InstallError extends Error {}

export interface InstalledPackage {
  folder: string;
  /** The package tarball's integrity as npm checked it (package-lock.json), or null when npm recorded none. */
  integrity: string | null;
}

/** The line of npm's output that says why it failed: its error lines, without the pointer to its debug log. */
function whyFailed(stderr: string, fallback: string): string {
  const lines = stderr
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("npm error") && !/complete log of this run/.test(line))
    .map((line) => line.replace(/^npm error\s*/, "").replace(/\s+/g, " "))
    // npm's error code ("code E404") and bare status lines repeat what the message says.
    .filter((line) => line && !/^code \S+$/.test(line) && !/^\d+$/.test(line));
  return (lines.slice(0, 2).join(" ") || fallback).slice(0, 500);
}

/** How the machine reaches its registry, as its operator set it up: the registry, a proxy, the CA that a proxy's certificates chain to. */
const REGISTRY_ACCESS = ["npm_config_registry", "npm_config_cafile", "npm_config_proxy", "npm_config_https_proxy", "npm_config_noproxy", "HTTPS_PROXY", "HTTP_PROXY", "NO_PROXY", "NODE_EXTRA_CA_CERTS"];

/**
 * npm's environment: none of the console's (its secrets), only what npm needs: PATH, a home and
 * cache of its own under the data folder, and how this machine reaches the registry: those
 * variables when set (a mirror; tests serve their own), and the npm configuration file of the
 * account the console runs as (`npm_config_userconfig`, else `~/.npmrc`), which is where a
 * machine behind a proxy keeps its registry, CA and proxy settings. Install scripts are off, so
 * nothing of the package runs with them.
 */
function npmEnv(dataDir: string): Record<string, string> {
  const home = path.resolve(dataDir, "npm");
  const userconfig = process.env.npm_config_userconfig ?? path.join(os.homedir(), ".npmrc");
  const access = Object.fromEntries(REGISTRY_ACCESS.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])));
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    npm_config_cache: path.join(home, "cache"),
    npm_config_update_notifier: "false",
    ...(existsSync(userconfig) ? { npm_config_userconfig: userconfig } : {}),
    ...access,
  };
}

function runNpm(args: string[], dataDir: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      "npm",
      args,
      { env: npmEnv(dataDir) as NodeJS.ProcessEnv, timeout: timeoutMs, killSignal: "SIGKILL", maxBuffer: OUTPUT_BYTES, cwd: dataDir },
      (error, _stdout, stderr) => {
        if (!error) return resolve();
        const timedOut = (error as { killed?: boolean }).killed && !/maxBuffer/.test(error.message);
        reject(new InstallError(timedOut ? `npm did not finish within ${timeoutMs / 1000} s.` : whyFailed(String(stderr), error.message)));
      },
    );
  });
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
        throw error instanceof InstallError ? error : new InstallError(`${packageLabel(pkg)}: ${(error as Error).message}`);
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, running);
  }
  return running;
}
