import path from "node:path";
import type { EgressRule } from "../sandbox/egress-admission";
import { DEFAULT_LIMITS, type SandboxLimits, type SandboxSpec } from "../sandbox/spec";
import type { StdioPackage } from "./config";

/** Where an installed package's node_modules appear inside its sandbox. */
export const SANDBOX_PACKAGE_DIR = "/package";

/** What the console runs for a stdio server: an installed npm package's bin, under node, in the sandbox. */
export interface StdioCommand {
  /**
   * The package's install folder on the host (`npm install --prefix`), holding its node_modules.
   * Only node_modules is shown to the server, read-only: the folder itself may hold other files.
   */
  packageDir: string;
  /** The program, relative to node_modules: the package's bin (e.g. "@modelcontextprotocol/server-everything/dist/index.js"). */
  bin: string;
  args: string[];
  /** The server's own configuration, in clear (decrypted just before use, never logged). */
  env: Record<string, string>;
  /** The hosts it may reach through the console's egress proxy; none: no network. */
  egress?: EgressRule[];
  /** The sandbox's defaults where absent. */
  limits?: Partial<SandboxLimits>;
  /**
   * The package as registered, with npm's integrity recorded then: an instance that has not
   * installed it yet (another instance registered it) installs it before it runs, and runs it only
   * when npm's integrity is the one recorded.
   */
  registered?: { package: StdioPackage; integrity: string | null };
}

/** The sandbox a command runs in: node runs the bin, the package's node_modules read-only, nothing else of the host's but the system. */
export function sandboxSpecOf(command: StdioCommand): SandboxSpec {
  const bin = path.posix.normalize(command.bin);
  if (path.posix.isAbsolute(bin) || bin.startsWith("..")) throw new Error(`"${command.bin}" is not a path inside the package's node_modules.`);
  return {
    command: "node",
    args: [`${SANDBOX_PACKAGE_DIR}/node_modules/${bin}`, ...command.args],
    env: command.env,
    readOnly: [{ host: path.join(command.packageDir, "node_modules"), sandbox: `${SANDBOX_PACKAGE_DIR}/node_modules` }],
    limits: { ...DEFAULT_LIMITS, ...command.limits },
    egress: command.egress,
  };
}
