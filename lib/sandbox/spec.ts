import type { EgressRule } from "./egress-admission";

/** What one sandboxed stdio server runs, and what it may see. */
export type SandboxSpec = {
  /** The program, as the sandbox sees it (e.g. `/usr/bin/node` or `node`, found on the sandbox's PATH). */
  command: string;
  args: string[];
  /** The only variables the server gets, beside PATH, HOME and TMPDIR: the server's own configuration. */
  env: Record<string, string>;
  /** Host folders shown read-only (the package's folder), each at a path inside the sandbox. */
  readOnly: { host: string; sandbox: string }[];
  /** The working directory inside the sandbox; the private writable folder when absent. */
  cwd?: string;
  limits: SandboxLimits;
  /**
   * The hosts the server may reach, through the console's egress proxy and under its outbound
   * policy. None (the default): no network at all beside its own loopback.
   */
  egress?: EgressRule[];
};

export type SandboxLimits = {
  /** Memory of all the server's processes together, its private folder's files included (they live in memory). */
  memoryBytes: number;
  /** Processes and threads together: Node alone runs about a dozen threads. */
  processes: number;
  /** CPU time of all the server's processes together, over its life. */
  cpuSeconds: number;
  /** Size of the private writable folder. */
  folderBytes: number;
  /** Bytes the server may print on stdout and stderr together between two messages from the console (an answer, its notifications, its log). */
  outputBytes: number;
  /**
   * Lines in a row on stdout that are not MCP messages (a stray log line, a banner). A few are
   * dropped; a run this long is a server that prints without speaking MCP, stopped before it is read
   * to its output cap. Any message from it starts the count again.
   */
  strayLines: number;
  /** Connections open at once through the egress proxy, when the server has egress. */
  egressConnections: number;
};

export const DEFAULT_LIMITS: SandboxLimits = {
  memoryBytes: 512 * 1024 * 1024,
  processes: 64,
  cpuSeconds: 600,
  folderBytes: 64 * 1024 * 1024,
  outputBytes: 32 * 1024 * 1024,
  strayLines: 1000,
  egressConnections: 32,
};

/** The private writable folder inside the sandbox: HOME, TMPDIR and (unless told otherwise) the working directory. */
export const SANDBOX_FOLDER = "/sandbox";

/** Who the server runs as inside its user namespace: nobody the host knows, no capabilities. */
export const SANDBOX_UID = 1000;
