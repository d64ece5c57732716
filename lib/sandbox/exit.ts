/**
 * Why a sandboxed server is no longer running: `cap` when the sandbox stopped it for exceeding a
 * limit, `unresponsive` when the console stopped it because it no longer answered, `stopped` when
 * the console closed it, `crashed` for a signal or a failing exit code, `exited` for a clean exit
 * (still an end the console did not ask for).
 */
export type SandboxExit = {
  kind: "cap" | "unresponsive" | "stopped" | "crashed" | "exited";
  reason: string;
  code: number | null;
  signal: NodeJS.Signals | null;
};

/** bwrap reports a server killed by signal N as exit code 128 + N. */
function signalOf(code: number | null, signal: NodeJS.Signals | null): string | null {
  if (signal) return signal;
  return code !== null && code > 128 ? `signal ${code - 128}` : null;
}

/**
 * The line of a server's last stderr output that says what went wrong: the last error message
 * (runtimes end a crash report with a stack and a version line), else the last line.
 */
function lastWords(stderrTail: string): string | undefined {
  const lines = stderrTail.split("\n").map((line) => line.trim()).filter(Boolean);
  return lines.findLast((line) => /\berror\b|Error:/i.test(line) && !line.startsWith("at ")) ?? lines.at(-1);
}

export function describeExit(
  code: number | null,
  signal: NodeJS.Signals | null,
  stopped: Pick<SandboxExit, "kind" | "reason"> | undefined,
  /** What the cgroups saw, for an end the kernel caused before the watcher could act: a cap's message, if one was reached. */
  capReached: string | undefined,
  stderrTail: string,
): SandboxExit {
  if (stopped) return { ...stopped, code, signal };
  if (capReached) return { kind: "cap", reason: capReached, code, signal };
  const words = lastWords(stderrTail);
  const said = words ? ` Its last words: ${words}` : "";
  const bySignal = signalOf(code, signal);
  if (bySignal) return { kind: "crashed", reason: `The server crashed (${bySignal}).${said}`, code, signal };
  if (code !== 0) return { kind: "crashed", reason: `The server exited with code ${code}.${said}`, code, signal };
  return { kind: "exited", reason: `The server exited (code 0) on its own.${said}`, code, signal };
}
