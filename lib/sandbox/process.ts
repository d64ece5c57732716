import { spawn, type ChildProcessByStdio } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import path from "node:path";
import { processSingleton } from "../process-singleton";
import { bwrapCommand, type EgressMounts } from "./bwrap-args";
import { createCgroup, type CgroupUsage, type SandboxCgroup } from "./cgroup";
import { EGRESS_SOCKET, openEgressProxy, type EgressProxy, type EgressStats } from "./egress-proxy";
import { describeExit, type SandboxExit } from "./exit";
import type { SandboxLimits, SandboxSpec } from "./spec";
import { StderrTail } from "./stderr-tail";
import { sandboxSupport } from "./support";

/** How often a running sandbox's cgroup counters are read: cheap (three small files), and a cap is acted on within this. */
const WATCH_MS = 200;
/** How long a server asked to stop (stdin closed) gets before it is killed. */
const STOP_GRACE_MS = 1000;

export class SandboxUnavailableError extends Error {}

export type SandboxProcess = {
  pid: number;
  /** The server's stdout, to be read by one transport; every byte is also counted against the output cap (with stderr's). */
  stdout: Readable;
  /** Writes to the server's stdin; each write opens a new output allowance. */
  write(bytes: string): boolean;
  stdin: Writable;
  exited: Promise<SandboxExit>;
  /** What went through its egress proxy, when it has egress: connections let through, refused, open now. */
  egress?: EgressStats;
  /** Closes stdin, then kills the whole sandbox if it has not exited within a second; resolves once it has. `kind` says why (a plain stop by default). */
  stop(reason?: string, kind?: SandboxExit["kind"]): Promise<SandboxExit>;
  /** Kills the whole sandbox at once for what it printed (a cap of its output, `reason` says which), and reads none of what it prints until the kill lands. */
  stopPrinting(reason: string): void;
};

/**
 * The sandbox joins its cgroups before it runs anything: a shell writes its own PID to each
 * cgroup.procs, then becomes bwrap (exec), so not even bwrap's first fork is outside the caps. The
 * shell's own PWD goes: it would be the one variable the server did not choose.
 */
const ENTER_CGROUPS = 'while [ "$1" != -- ]; do echo $$ > "$1" || exit 125; shift; done; shift; unset PWD; exec "$@"';

/**
 * The number in each sandbox's cgroup name, one counter per process: Next.js may load this module
 * once per route bundle, and two counters would name two live sandboxes alike (EEXIST on the cgroup).
 */
const sequence = () => processSingleton("sandbox-sequence", () => ({ last: 0 }));

/**
 * The folders a sandbox with egress is shown beside its proxy's socket: loaded by path at run time,
 * not bundled (the sandbox's own node runs them), found from the project folder as the worker
 * pool's entry is.
 */
const egressMounts = (proxy: EgressProxy): EgressMounts => ({
  scriptsDir: path.join(process.cwd(), "lib/sandbox/egress"),
  undiciDir: path.join(process.cwd(), "node_modules/undici"),
  socketDir: proxy.socketDir,
  socketName: EGRESS_SOCKET,
});

/** The message for the first cap the cgroups say was reached, if any. */
function capReached(usage: CgroupUsage, limits: SandboxLimits): string | undefined {
  if (usage.processCapHits > 0) return `The server tried to run more than ${limits.processes} processes and was stopped.`;
  if (usage.oomKills > 0) return `The server ran out of its ${limits.memoryBytes} bytes of memory and was stopped.`;
  if (usage.cpuSeconds > limits.cpuSeconds) return `The server used its ${limits.cpuSeconds} s of CPU time and was stopped.`;
  return undefined;
}

export async function spawnSandbox(spec: SandboxSpec): Promise<SandboxProcess> {
  const support = await sandboxSupport();
  if (!support.ok) throw new SandboxUnavailableError(support.reason);
  const name = `mcp-sandbox-${process.pid}-${++sequence().last}`;
  const cgroup = await createCgroup(name, spec.limits);
  let egress: EgressProxy | undefined;
  let child: ChildProcessByStdio<Writable, Readable, Readable>;
  try {
    if (spec.egress?.length) egress = await openEgressProxy(name, spec.egress, spec.limits.egressConnections);
    const { args, env } = bwrapCommand(spec, egress && egressMounts(egress));
    child = spawn("/bin/sh", ["-c", ENTER_CGROUPS, "sh", ...cgroup.procsFiles, "--", support.bwrap, ...args], {
      env: env as NodeJS.ProcessEnv, // exactly these: none of the console's
      stdio: ["pipe", "pipe", "pipe"],
      cwd: "/",
    });
  } catch (error) {
    await egress?.close();
    await cgroup.remove();
    throw error;
  }
  return watch(child, cgroup, spec, egress);
}

function watch(child: ChildProcessByStdio<Writable, Readable, Readable>, cgroup: SandboxCgroup, spec: SandboxSpec, egress?: EgressProxy): SandboxProcess {
  const { limits } = spec;
  const stderr = new StderrTail();
  let stopped: Pick<SandboxExit, "kind" | "reason"> | undefined;
  let outputSinceInput = 0;

  const kill = (kind: SandboxExit["kind"], reason: string) => {
    stopped ??= { kind, reason };
    // bwrap's own PID 1 dies with it (--die-with-parent), and with it every process of the sandbox's PID namespace.
    child.kill("SIGKILL");
  };

  const stopPrinting = (reason: string) => {
    kill("cap", reason);
    // The server keeps printing until the kill lands: none of that is read.
    child.stdout.destroy();
    child.stderr.destroy();
  };

  // stderr counts too: it is read on the console's thread as well, and a server's log lines
  // are as bounded by what it is asked as its answers are.
  const count = (chunk: Buffer) => {
    outputSinceInput += chunk.length;
    if (outputSinceInput > limits.outputBytes && !stopped) {
      stopPrinting(`The server printed more than ${limits.outputBytes} bytes without being asked and was stopped.`);
    }
  };
  child.stderr.on("data", (chunk: Buffer) => {
    count(chunk);
    stderr.add(chunk);
  });
  child.stdout.on("data", count);
  child.stdin.on("error", () => undefined); // a server that has exited: its exit says why

  let reading = false;
  const timer = setInterval(() => {
    if (reading || stopped) return;
    reading = true;
    cgroup
      .usage()
      .then((usage) => {
        const reached = capReached(usage, limits);
        if (reached) kill("cap", reached);
      })
      .catch(() => undefined) // the cgroup is going away with the process
      .finally(() => {
        reading = false;
      });
  }, WATCH_MS);
  timer.unref();

  const exited = new Promise<SandboxExit>((resolve) => {
    child.on("error", (error) => {
      stopped ??= { kind: "crashed", reason: `The sandbox could not start: ${error.message}` };
    });
    child.on("close", (code, signal) => {
      clearInterval(timer);
      // A cap may have ended the server before the watcher saw it: the OOM killer, or a fork that
      // failed at the process cap and made the server give up.
      const final = cgroup.usage().then((usage) => capReached(usage, limits)).catch(() => undefined);
      void final.then(async (reached) => {
        await cgroup.remove().catch(() => undefined);
        await egress?.close().catch(() => undefined);
        resolve(describeExit(code, signal, stopped, reached, stderr.toString()));
      });
    });
  });

  return {
    pid: child.pid ?? -1,
    stdout: child.stdout,
    stdin: child.stdin,
    write(bytes) {
      outputSinceInput = 0;
      return child.stdin.write(bytes);
    },
    exited,
    egress: egress?.stats,
    stopPrinting,
    async stop(reason = "The console stopped the server.", kind: SandboxExit["kind"] = "stopped") {
      stopped ??= { kind, reason };
      child.stdin.end();
      const grace = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
      const exit = await exited;
      clearTimeout(grace);
      return exit;
    },
  };
}
