import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * The MCP Inspector's command-line client (`@modelcontextprotocol/inspector`),
 * run as a person runs it, against a gateway's endpoint with a token: a
 * client the project did not write. It prints what it got as JSON.
 */

const INSPECTOR = path.resolve(__dirname, "../../node_modules/.bin/mcp-inspector");

export interface InspectorRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface InspectorCli {
  run(url: string, token: string, args: string[]): Promise<InspectorRun>;
  /** What the Inspector printed, parsed; a failed run fails the test with what it said. */
  printed<T>(url: string, token: string, args: string[]): Promise<T>;
  /** Removes its HOME. */
  dispose(): void;
}

/** An Inspector CLI with a HOME of its own (it keeps its catalog there), for one test file. */
export function inspectorCli(): InspectorCli {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "mcp-console-inspector-"));
  const run = (url: string, token: string, args: string[]) =>
    new Promise<InspectorRun>((resolve) => {
      execFile(
        process.execPath,
        [INSPECTOR, "--cli", url, "--transport", "http", "--header", `Authorization: Bearer ${token}`, ...args],
        { env: { PATH: process.env.PATH ?? "", HOME: home } as unknown as NodeJS.ProcessEnv, timeout: 60_000 },
        (err, stdout, stderr) => resolve({ code: err ? (typeof err.code === "number" ? err.code : 1) : 0, stdout, stderr }),
      );
    });
  return {
    run,
    async printed<T>(url: string, token: string, args: string[]) {
      const { code, stdout, stderr } = await run(url, token, args);
      if (code !== 0) throw new Error(`mcp-inspector exited with ${code}: ${stdout}${stderr}`);
      return JSON.parse(stdout) as T;
    },
    dispose: () => fs.rmSync(home, { recursive: true, force: true }),
  };
}
