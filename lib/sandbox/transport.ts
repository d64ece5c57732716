import { STDIO_DEFAULT_MAX_BUFFER_SIZE, serializeMessage, type JSONRPCMessage, type Transport } from "@modelcontextprotocol/client";
import type { SandboxExit } from "./exit";
import { spawnSandbox, type SandboxProcess } from "./process";
import type { SandboxSpec } from "./spec";
import { StdoutLines } from "./stdout-lines";

/**
 * How long stdout is read in one turn of the event loop: a pipe can hand over 2 MiB in one turn (32
 * reads of 64 KiB), a million two-byte lines, and the requests waiting on the thread must not wait
 * for all of them.
 */
const READ_TURN_MS = 5;

/** The error a client sees when its sandboxed server stops without being asked: the sandbox's reason. */
export class SandboxExitError extends Error {
  constructor(readonly exit: SandboxExit) {
    super(exit.reason);
  }
}

/**
 * The SDK's stdio framing (one JSON-RPC message a line, its serializeMessage) over a sandboxed
 * process. The SDK's StdioClientTransport could spawn bwrap as its command, but it spawns the process
 * itself and keeps its stdout: the console could neither count the output against the cap nor put
 * the process in its cgroups before it runs. It also spawns a second, throwaway server to probe the
 * protocol revision (in `auto` mode); over this transport the probe is made on the one process.
 * Lines are read by StdoutLines, not the SDK's ReadBuffer, which parses every line and throws on
 * each that is not JSON: a server printing `yes` held the console's thread for seconds at a time.
 */
export class SandboxTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;

  private sandbox?: SandboxProcess;
  private readonly lines: StdoutLines;
  private closing = false;
  /** A turn of reading is scheduled, and stdout paused until the lines waiting are read. */
  private reading = false;

  constructor(
    private readonly spec: SandboxSpec,
    /** The largest single message the server may send (the SDK's own default, 10 MB, when absent). */
    maxMessageBytes = STDIO_DEFAULT_MAX_BUFFER_SIZE,
  ) {
    this.lines = new StdoutLines(maxMessageBytes, spec.limits.strayLines);
  }

  async start(): Promise<void> {
    if (this.sandbox) throw new Error("SandboxTransport already started.");
    const sandbox = await spawnSandbox(this.spec);
    this.sandbox = sandbox;
    sandbox.stdout.on("data", (chunk: Buffer) => {
      this.lines.append(chunk);
      if (this.reading) return;
      // Read on the next turn, not in this one: the pipe may hand over 31 more chunks in this turn, each
      // a turn's worth of lines. Paused meanwhile, so the chunks wait in the pipe and the server with them.
      this.reading = true;
      sandbox.stdout.pause();
      setImmediate(() => this.read(sandbox));
    });
    void sandbox.exited.then((exit) => {
      this.lines.clear();
      if (!this.closing) this.onerror?.(new SandboxExitError(exit));
      this.onclose?.();
    });
  }

  /** Hands over the messages of one turn's lines; the next turn reads on while more wait, and stdout flows again once none do. */
  private read(sandbox: SandboxProcess): void {
    const { messages, more, cap } = this.lines.take(READ_TURN_MS);
    for (const message of messages) this.onmessage?.(message);
    if (cap) {
      sandbox.stopPrinting(cap);
      return;
    }
    if (more) {
      setImmediate(() => this.read(sandbox));
      return;
    }
    this.reading = false;
    sandbox.stdout.resume();
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
