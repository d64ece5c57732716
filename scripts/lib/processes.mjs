// Child-process helpers shared by the run and test scripts.
import { spawn } from "node:child_process";

const children = new Set();

/** Starts a long-running child; it is killed when this process exits. */
export function startChild(command, args, options = {}) {
  const child = spawn(command, args, { stdio: "inherit", ...options });
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}

export function stopAll(signal = "SIGTERM") {
  for (const child of children) child.kill(signal);
}

for (const sig of ["SIGINT", "SIGTERM"]) {
  process.on(sig, () => {
    stopAll(sig);
    process.exit(130);
  });
}
process.on("exit", () => stopAll());

/** Runs a command to completion; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit", ...options });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on("error", () => resolve(127));
  });
}

export const npxBin = (name) => new URL(`../../node_modules/.bin/${name}`, import.meta.url).pathname;
