import fs from "node:fs/promises";
import path from "node:path";
import type { SandboxLimits } from "./spec";

/**
 * One sandbox's cgroups (v1: the memory, pids and cpuacct hierarchies), made under the console's
 * own cgroup of each so a sandbox counts toward whatever the console itself is allowed. The caps
 * hold for every process of the sandbox together, which no rlimit does (see docs/stdio.md).
 */
export type SandboxCgroup = {
  /** The cgroup.procs files a process is written to, before it runs anything, to enter the sandbox's cgroups. */
  procsFiles: string[];
  usage(): Promise<CgroupUsage>;
  /** Removes the cgroups once their processes are gone (an emptied cgroup may stay busy for a moment). */
  remove(): Promise<void>;
};

export type CgroupUsage = { processCapHits: number; oomKills: number; cpuSeconds: number };

const CGROUP_ROOT = "/sys/fs/cgroup";
const CONTROLLERS = ["memory", "pids", "cpuacct"] as const;
type Controller = (typeof CONTROLLERS)[number];

/** The console's own folder in each v1 hierarchy, from /proc/self/cgroup ("4:memory:/some/path"). */
async function ownFolders(): Promise<Record<Controller, string>> {
  const lines = (await fs.readFile("/proc/self/cgroup", "utf8")).split("\n");
  const found: Partial<Record<Controller, string>> = {};
  for (const line of lines) {
    const [, names = "", where = ""] = line.split(":");
    for (const controller of CONTROLLERS) {
      if (names.split(",").includes(controller)) found[controller] = path.join(CGROUP_ROOT, names, where);
    }
  }
  const missing = CONTROLLERS.filter((controller) => !found[controller]);
  if (missing.length > 0) throw new Error(`no cgroup v1 ${missing.join(", ")} hierarchy (cgroup v2 alone is not supported yet)`);
  return found as Record<Controller, string>;
}

/** Whether a process of this PID namespace is running (one of another user still counts). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Removes the sandbox cgroups of console processes that are gone: one killed outright cannot
 * remove its own (its servers died with it, --die-with-parent, so the cgroups are empty).
 */
export async function sweepStaleCgroups(): Promise<void> {
  const own = await ownFolders();
  for (const controller of CONTROLLERS) {
    for (const name of await fs.readdir(own[controller])) {
      const owner = /^mcp-sandbox-(\d+)-\d+$/.exec(name)?.[1];
      if (owner && !alive(Number(owner))) await fs.rmdir(path.join(own[controller], name)).catch(() => undefined);
    }
  }
}

/** "max 3" → 3, in files of "name value" lines (pids.events, memory.oom_control). */
function field(text: string, name: string): number {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${name} `));
  return line ? Number(line.slice(name.length + 1)) : 0;
}

export async function createCgroup(name: string, limits: SandboxLimits): Promise<SandboxCgroup> {
  const own = await ownFolders();
  const dirs = Object.fromEntries(CONTROLLERS.map((controller) => [controller, path.join(own[controller], name)])) as Record<Controller, string>;
  const made: string[] = [];
  const remove = async () => {
    for (const dir of made) {
      for (let attempt = 0; ; attempt++) {
        try {
          await fs.rmdir(dir);
          break;
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code === "ENOENT") break;
          if (code !== "EBUSY" || attempt >= 40) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    }
  };
  try {
    for (const controller of CONTROLLERS) {
      await fs.mkdir(dirs[controller]);
      made.push(dirs[controller]);
    }
    await fs.writeFile(path.join(dirs.pids, "pids.max"), String(limits.processes));
    await fs.writeFile(path.join(dirs.memory, "memory.limit_in_bytes"), String(limits.memoryBytes));
    // Without this the memory over the cap would go to swap instead of stopping the server.
    await fs.writeFile(path.join(dirs.memory, "memory.memsw.limit_in_bytes"), String(limits.memoryBytes)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
    });
  } catch (error) {
    await remove().catch(() => undefined);
    throw error;
  }
  return {
    procsFiles: CONTROLLERS.map((controller) => path.join(dirs[controller], "cgroup.procs")),
    async usage() {
      const [pids, oom, cpu] = await Promise.all([
        fs.readFile(path.join(dirs.pids, "pids.events"), "utf8"),
        fs.readFile(path.join(dirs.memory, "memory.oom_control"), "utf8"),
        fs.readFile(path.join(dirs.cpuacct, "cpuacct.usage"), "utf8"),
      ]);
      return { processCapHits: field(pids, "max"), oomKills: field(oom, "oom_kill"), cpuSeconds: Number(cpu) / 1e9 };
    },
    remove,
  };
}
