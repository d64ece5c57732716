import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { bwrapCommand } from "./bwrap-args";
import { createCgroup, sweepStaleCgroups } from "./cgroup";
import { sweepStaleEgressFolders } from "./egress-proxy";
import { DEFAULT_LIMITS } from "./spec";

export type SandboxSupport = { ok: true; bwrap: string } | { ok: false; reason: string };

const HOW_TO_INSTALL = "Install bubblewrap (Debian and Ubuntu: apt-get install bubblewrap).";
const HOW_TO_ALLOW_USERNS =
  "Allow user namespaces: sysctl -w user.max_user_namespaces=15000, and on Debian before 11 sysctl -w kernel.unprivileged_userns_clone=1 " +
  "(on Ubuntu 24.04 and later also kernel.apparmor_restrict_unprivileged_userns=0, or an AppArmor profile for bwrap). " +
  "In a container, run it with user namespaces allowed (Docker: --security-opt seccomp=unconfined or a profile that allows unshare).";
const HOW_TO_GIVE_CGROUPS =
  "Give the console writable cgroup v1 memory, pids and cpuacct hierarchies (mounted under /sys/fs/cgroup): the sandbox's memory, process and CPU caps live there.";

async function findBwrap(searchPath: string): Promise<string | undefined> {
  for (const dir of searchPath.split(":").filter(Boolean)) {
    const candidate = path.join(dir, "bwrap");
    try {
      await fs.access(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

/** Runs `true` in the same sandbox a server gets: a user namespace the kernel refuses shows here. */
function trySandbox(bwrap: string): Promise<string | undefined> {
  const { args, env } = bwrapCommand({ command: "true", args: [], env: {}, readOnly: [], limits: DEFAULT_LIMITS });
  return new Promise((resolve) => {
    const child = spawn(bwrap, args, { env: env as NodeJS.ProcessEnv, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (text: string) => {
      stderr = (stderr + text).slice(-500);
    });
    child.on("error", (error) => resolve(error.message));
    child.on("close", (code) => resolve(code === 0 ? undefined : stderr.trim() || `bwrap exited with code ${code}`));
  });
}

/** The check itself, bwrap looked for in the folders of `searchPath` (the console's PATH). */
export async function checkSandbox(searchPath: string): Promise<SandboxSupport> {
  const bwrap = await findBwrap(searchPath);
  if (!bwrap) return { ok: false, reason: `Stdio servers need a sandbox and bubblewrap (bwrap) is not installed. ${HOW_TO_INSTALL}` };
  const failure = await trySandbox(bwrap);
  if (failure) return { ok: false, reason: `Stdio servers need a sandbox and bubblewrap cannot make one here (${failure}). ${HOW_TO_ALLOW_USERNS}` };
  try {
    const probe = await createCgroup(`mcp-sandbox-probe-${process.pid}`, DEFAULT_LIMITS);
    await probe.remove();
    await sweepStaleCgroups();
  } catch (error) {
    return { ok: false, reason: `Stdio servers need a sandbox and its limits cannot be set here (${(error as Error).message}). ${HOW_TO_GIVE_CGROUPS}` };
  }
  await sweepStaleEgressFolders();
  return { ok: true, bwrap };
}

let checked: Promise<SandboxSupport> | undefined;

/** Whether stdio servers can run here, checked once per process; when not, why and how to enable them. */
export function sandboxSupport(): Promise<SandboxSupport> {
  checked ??= checkSandbox(process.env.PATH ?? "/usr/bin:/bin");
  return checked;
}
