import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

/**
 * Starts tests/support/api-instance.ts (the real start-up and route handlers
 * in a process of its own) with `env` beside the few variables every
 * instance needs, and resolves once it listens.
 */

const ROOT = path.resolve(__dirname, "../..");

export interface ApiInstance {
  child: ChildProcess;
  port: number;
  origin: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then the exit. */
  stop(): Promise<void>;
}

export function startApiInstance(env: Record<string, string>): Promise<ApiInstance> {
  const child = spawn(process.execPath, [path.join(ROOT, "tests/support/run-ts.mjs"), path.join(ROOT, "tests/support/api-instance.ts")], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID ?? "demo-mcp-console-test",
      FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? "",
      LOG_LEVEL: "error",
      ...env,
    } as unknown as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  let output = "";
  return new Promise((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const port = /\{"listening":(\d+)\}/.exec(output)?.[1];
      if (port) resolve({ child, port: Number(port), origin: `http://127.0.0.1:${port}`, exited, stop });
    };
    child.stdout!.on("data", collect);
    child.stderr!.on("data", collect);
    void exited.then(({ code, signal }) => reject(new Error(`the service exited (${code ?? signal}) before listening:\n${output}`)));
  });
}
