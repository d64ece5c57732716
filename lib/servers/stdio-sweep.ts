import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import { isNotNull } from "drizzle-orm";
import { db } from "../db";
import { servers } from "../db/schema";
import { env } from "../env";
import { log } from "../log";
import { startPeriodic, type Periodic } from "../periodic";
import { packageFolder } from "../stdio/cache";

/**
 * Uninstalling: this instance's package cache keeps the packages its stdio
 * servers run, and nothing else for long. A package folder that no server
 * (of any account) names is removed once it has sat for an hour, and so is
 * an install's staging folder that an ended process left behind. The hour
 * keeps a folder that a registration has just installed, before its server
 * is stored, and it is far longer than an install may take (two minutes).
 * Every instance sweeps its own data folder.
 */

const SWEEP_EVERY_MS = 3_600_000;
const KEEP_YOUNGER_THAN_MS = 3_600_000;
const STAGING = /\.installing-[0-9a-f-]+$/;

/** The install folders under `packages`: `<name>@<version>` and `@scope/<name>@<version>`, with staging folders. */
async function installFolders(root: string): Promise<string[]> {
  const entries = await fs.readdir(root, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") return [];
    throw err;
  });
  const folders: string[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    if (!entry.name.startsWith("@")) {
      folders.push(path.join(root, entry.name));
      continue;
    }
    for (const inner of await fs.readdir(path.join(root, entry.name), { withFileTypes: true })) {
      if (inner.isDirectory()) folders.push(path.join(root, entry.name, inner.name));
    }
  }
  return folders;
}

/** Removes what no server runs from this instance's package cache; the folders removed. */
export async function sweepPackages({ dataDir = env().dataDir, now = Date.now() } = {}): Promise<string[]> {
  const rows = await (await db()).select({ stdio: servers.stdio }).from(servers).where(isNotNull(servers.stdio));
  const used = new Set(rows.map((r) => packageFolder(r.stdio!.package, dataDir)));
  const removed: string[] = [];
  for (const folder of await installFolders(path.resolve(dataDir, "packages"))) {
    if (used.has(folder) && !STAGING.test(folder)) continue;
    const stat = await fs.stat(folder).catch(() => null);
    if (!stat || now - stat.mtimeMs < KEEP_YOUNGER_THAN_MS) continue;
    await fs.rm(folder, { recursive: true, force: true });
    removed.push(folder);
  }
  if (removed.length) log.info("unused packages removed", { folders: removed.map((f) => path.relative(dataDir, f)) });
  return removed;
}

export function startPackageSweep(): Periodic {
  return startPeriodic("package-sweep", SWEEP_EVERY_MS, () => sweepPackages());
}
