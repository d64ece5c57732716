import { ReadBuffer, serializeMessage, type JSONRPCMessage, type Transport } from "@modelcontextprotocol/client";
import type { SandboxExit } from "./exit";
import { spawnSandbox, type SandboxProcess } from "./process";
import type { SandboxSpec } from "./spec";

/** The error a client sees when its sandboxed server stops without being asked: the sandbox's reason. */
export class SandboxExitError extends Error {
  constructor(readonly exit: SandboxExit) {
    super(exit.reason);
  }
}

/**
 * The SDK's stdio framing (its ReadBuffer and serializeMessage) over a sandboxed process. The SDK's
 * StdioClientTransport could spawn bwrap as its command, but it spawns the process itself and keeps
 * its stdout: the console could neither count the output against the cap nor put the process in
 * its cgroups before it runs. It also spawns a second, throwaway server to probe the protocol
 * revision (in `auto` mode); over this transport the probe is made on the one process.
 */
export class SandboxTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;

  private sandbox?: SandboxProcess;
  private readonly readBuffer: ReadBuffer;
  private closing = false;

  constructor(
    private readonly spec: SandboxSpec,
    /** The largest single message the server may send (the SDK's own default, 10 MB, when absent). */
    maxMessageBytes?: number,
  ) {
    this.readBuffer = new ReadBuffer({ maxBufferSize: maxMessageBytes });
  }

  async start(): Promise<void> {
    if (this.sandbox) throw new Error("SandboxTransport already started.");
    const sandbox = await spawnSandbox(this.spec);
    this.sandbox = sandbox;
    sandbox.stdout.on("data", (chunk: Buffer) => {
      try {
        this.readBuffer.append(chunk);
      } catch (error) {
        void sandbox.stop(`The server sent a message larger than allowed: ${(error as Error).message}`, "cap");
        return;
      }
      for (;;) {
        let message: JSONRPCMessage | null;
        try {
          message = this.readBuffer.readMessage();
        } catch (error) {
          this.onerror?.(error as Error);
          continue;
        }
        if (message === null) break;
        this.onmessage?.(message);
      }
    });
    void sandbox.exited.then((exit) => {
      this.readBuffer.clear();
      if (!this.closing) this.onerror?.(new SandboxExitError(exit));
      this.onclose?.();
    });
  }

  /** Why the server stopped, once it has. */
  get exited(): Promise<SandboxExit> | undefined {
    return this.sandbox?.exited;
  }

  get pid(): number | undefined {
    return this.sandbox?.pid;
  }

  send(message: JSONRPCMessage): Promise<void> {
    const sandbox = this.sandbox;
    if (!sandbox) return Promise.reject(new Error("Not connected"));
    return new Promise((resolve) => {
      if (sandbox.write(serializeMessage(message))) resolve();
      else sandbox.stdin.once("drain", resolve);
    });
  }

  /** Stops a server that no longer answers: what waits on it fails with `reason`, as at a cap. */
  async halt(reason: string): Promise<void> {
    await this.sandbox?.stop(reason, "unresponsive");
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.sandbox?.stop();
  }
}
