import { SANDBOX_FOLDER, SANDBOX_UID, type SandboxSpec } from "./spec";

/** Where the egress proxy's pieces appear inside a sandbox with egress: its scripts, undici, and the folder of its socket. */
const EGRESS_DIR = "/egress";
/** The port of the sandbox's own loopback where the bridge listens: HTTP_PROXY points there. */
const EGRESS_PORT = 3128;

/** The host folders a sandbox with egress is shown (lib/sandbox/egress-proxy.ts). */
export type EgressMounts = {
  /** The bridge and the preload (lib/sandbox/egress). */
  scriptsDir: string;
  /** The undici package the preload sets fetch's proxy agent from. */
  undiciDir: string;
  /** The folder of this sandbox's proxy socket. */
  socketDir: string;
  socketName: string;
};

/**
 * What changes when a server has egress: the bridge runs first and starts the server, the proxy
 * variables point at it (NO_PROXY empty: even the sandbox's loopback goes through the proxy, which
 * refuses it unless listed), and the bridge puts the preload that makes fetch honour them in the
 * server's NODE_OPTIONS (so in every Node process the server starts).
 */
function withEgress(spec: SandboxSpec, egress: EgressMounts) {
  const proxy = `http://127.0.0.1:${EGRESS_PORT}`;
  const bridge = [`${EGRESS_DIR}/lib/bridge.mjs`, `${EGRESS_DIR}/run/${egress.socketName}`, String(EGRESS_PORT), `${EGRESS_DIR}/lib/preload.mjs`];
  return {
    command: "node",
    args: [...bridge, spec.command, ...spec.args],
    env: {
      ...spec.env,
      HTTP_PROXY: proxy,
      HTTPS_PROXY: proxy,
      http_proxy: proxy,
      https_proxy: proxy,
      NO_PROXY: "",
      no_proxy: "",
      NODE_USE_ENV_PROXY: "1",
    },
    mounts: [
      ["--ro-bind", egress.scriptsDir, `${EGRESS_DIR}/lib`],
      ["--ro-bind", egress.undiciDir, `${EGRESS_DIR}/undici`],
      ["--ro-bind", egress.socketDir, `${EGRESS_DIR}/run`],
    ].flat(),
  };
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Set by the sandbox itself: a server's env cannot move its home or widen its PATH. */
const RESERVED = new Set(["PATH", "HOME", "TMPDIR"]);

/**
 * How to start bwrap for a spec: its arguments (the command last) and its whole environment.
 * Everything not listed here is absent inside: the sandbox's root is an empty read-only tmpfs, so
 * the console's folder, its data folder and the host's /etc, /home, /root and /var do not exist.
 *
 * The environment is bwrap's own, not --setenv arguments: a process's arguments are readable by
 * every user of the host (ps), its environment only by its owner; and bwrap stays the sandbox's
 * PID 1, whose /proc/1/environ the server can read, so bwrap must never get the console's.
 */
export function bwrapCommand(spec: SandboxSpec, egress?: EgressMounts): { args: string[]; env: Record<string, string> } {
  for (const name of Object.keys(spec.env)) {
    if (!ENV_NAME.test(name)) throw new Error(`"${name}" is not a valid environment variable name.`);
    if (RESERVED.has(name)) throw new Error(`${name} is set by the sandbox and cannot be given.`);
  }
  for (const bind of spec.readOnly) {
    if (!bind.sandbox.startsWith("/") || bind.sandbox === "/" || bind.sandbox.split("/").includes("..")) {
      throw new Error(`"${bind.sandbox}" is not an absolute path inside the sandbox.`);
    }
  }
  const run = egress ? withEgress(spec, egress) : { command: spec.command, args: spec.args, env: spec.env, mounts: [] };
  const env = { ...run.env, PATH: "/usr/local/bin:/usr/bin:/bin", HOME: SANDBOX_FOLDER, TMPDIR: SANDBOX_FOLDER };
  const args = [
    // New user, mount, PID, IPC, UTS, cgroup and network namespaces: the network namespace has
    // only a loopback of its own, so the server reaches nothing outside the sandbox but, when it
    // has egress, the console's proxy through the Unix socket mounted below.
    "--unshare-all",
    "--unshare-user",
    "--uid", String(SANDBOX_UID),
    "--gid", String(SANDBOX_UID),
    "--hostname", "sandbox",
    // The server dies with the console, and cannot reach the console's terminal (TIOCSTI).
    "--die-with-parent",
    "--new-session",
    "--cap-drop", "ALL",
    // The system's programs and libraries, read-only; /etc only for TLS roots (for egress).
    "--ro-bind", "/usr", "/usr",
    "--symlink", "usr/bin", "/bin",
    "--symlink", "usr/sbin", "/sbin",
    "--symlink", "usr/lib", "/lib",
    "--symlink", "usr/lib64", "/lib64",
    "--ro-bind-try", "/etc/ssl", "/etc/ssl",
    "--proc", "/proc",
    "--dev", "/dev",
    ...spec.readOnly.flatMap((bind) => ["--ro-bind", bind.host, bind.sandbox]),
    ...run.mounts,
    // The one writable folder, capped in size; /tmp is the same folder so the cap covers both.
    "--size", String(spec.limits.folderBytes),
    "--perms", "0700",
    "--tmpfs", SANDBOX_FOLDER,
    "--symlink", SANDBOX_FOLDER, "/tmp",
    // The root itself would be a second, uncapped writable folder.
    "--remount-ro", "/",
    "--chdir", spec.cwd ?? SANDBOX_FOLDER,
    "--",
    run.command,
    ...run.args,
  ];
  return { args, env };
}
