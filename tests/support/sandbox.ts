import fs from "node:fs";
import path from "node:path";
import { DEFAULT_LIMITS, type SandboxLimits, type SandboxSpec } from "@/lib/sandbox/spec";

/** Where the project's node_modules appear inside a test sandbox: the stand-in for an installed package's folder. */
export const PACKAGE_DIR = "/package";

/** server-everything in its stdio mode, its dependencies (the project's node_modules) read-only beside it. */
export function serverEverythingSpec(limits: Partial<SandboxLimits> = {}): SandboxSpec {
  return {
    command: "node",
    args: [`${PACKAGE_DIR}/node_modules/@modelcontextprotocol/server-everything/dist/index.js`, "stdio"],
    env: {},
    readOnly: [{ host: path.resolve("node_modules"), sandbox: `${PACKAGE_DIR}/node_modules` }],
    limits: { ...DEFAULT_LIMITS, ...limits },
  };
}

/** A program of the host's own (`sh`, `yes`, `node -e …`) in a sandbox with small caps, so each cap is reached in a moment. */
export function programSpec(command: string, args: string[], limits: Partial<SandboxLimits> = {}, env: Record<string, string> = {}): SandboxSpec {
  return {
    command,
    args,
    env,
    readOnly: [],
    limits: { ...DEFAULT_LIMITS, memoryBytes: 256 * 1024 * 1024, processes: 32, cpuSeconds: 30, folderBytes: 4 * 1024 * 1024, outputBytes: 1024 * 1024, ...limits },
  };
}

/** This process's own folder in the cgroup v1 pids hierarchy, where the sandboxes' pids cgroups are made. */
export function ownPidsCgroup(): string {
  const own = fs.readFileSync("/proc/self/cgroup", "utf8").split("\n").find((line) => line.split(":")[1]?.split(",").includes("pids"));
  return path.join("/sys/fs/cgroup/pids", own?.split(":")[2] ?? "/");
}

/** The sandboxes' cgroups this test process made and that still exist: each is removed only once all its processes are gone. */
export function leftoverCgroups(): string[] {
  return fs.readdirSync(ownPidsCgroup()).filter((name) => name.startsWith(`mcp-sandbox-${process.pid}-`));
}

/**
 * The cgroups still left once `withinMs` has passed: a sandbox closed a moment ago (a gateway's
 * upstream session ends after its client's) is stopped, then killed a second later, and its
 * cgroups go with its last process. One that outlives the wait is a sandbox nobody stopped.
 */
export async function cgroupsLeftAfter(withinMs = 10_000): Promise<string[]> {
  const until = Date.now() + withinMs;
  while (leftoverCgroups().length > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
  return leftoverCgroups();
}
