import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../..");

export interface TsProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<the port it printed> */
  origin: string;
  stop(): Promise<void>;
}

/**
 * Runs a TypeScript file of the project in a process of its own
 * (tests/support/run-ts.mjs) and waits until it prints `{"listening": port}`.
 */
export function startTsProcess(file: string, env: Record<string, string> = {}): Promise<TsProcess> {
  const child = spawn(process.execPath, [path.join(ROOT, "tests/support/run-ts.mjs"), path.join(ROOT, file)], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env } as unknown as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let output = "";
  return new Promise((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const port = /\{"listening":(\d+)\}/.exec(output)?.[1];
      if (port) {
        resolve({
          child,
          origin: `http://127.0.0.1:${port}`,
          stop: async () => {
            child.kill("SIGKILL");
            await exited;
          },
        });
      }
    };
    child.stdout!.on("data", collect);
    child.stderr!.on("data", collect);
    void exited.then(() => reject(new Error(`${file} exited before listening:\n${output}`)));
  });
}
