import { McpFailure } from "../mcp/errors";
import { sandboxSupport } from "../sandbox/support";
import { SandboxExitError, SandboxTransport } from "../sandbox/transport";
import { sandboxSpecOf, type StdioCommand } from "./command";
import { InstallError, installedAsRegistered } from "./install";

/**
 * A stdio server's transport for the MCP client: always the sandbox's, never a plain child process.
 * Where the sandbox cannot run, an McpFailure whose message says what is missing and how to enable it;
 * and one that says why when this instance cannot install the registered package, or npm's
 * integrity of it is not the one recorded at registration.
 */
export async function openStdioTransport(command: StdioCommand, maxMessageBytes: number): Promise<StdioTransport> {
  const support = await sandboxSupport();
  if (!support.ok) throw new McpFailure("unreachable", support.reason);
  if (command.registered) {
    try {
      await installedAsRegistered(command.registered);
    } catch (err) {
      if (!(err instanceof InstallError)) throw err;
      throw new McpFailure("unreachable", err.message, {}, { cause: err });
    }
  }
  return new StdioTransport(new SandboxTransport(sandboxSpecOf(command), maxMessageBytes));
}

/** The sandbox's transport, and why its server ended when it ended on its own (a cap, a crash, an exit). */
export class StdioTransport {
  private exit: SandboxExitError | undefined;

  constructor(readonly transport: SandboxTransport) {
    // Set before the client connects: the SDK's client keeps a transport's own onerror and calls it first.
    transport.onerror = (error) => {
      if (error instanceof SandboxExitError) this.exit = error;
    };
  }

  /** The failure to report for an error of this connection: the server's end, when it ended, says more than "connection closed". */
  failureFor(): McpFailure | undefined {
    return this.exit ? new McpFailure("unreachable", this.exit.message, {}, { cause: this.exit }) : undefined;
  }
}
