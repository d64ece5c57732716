import fs from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is in use by another process (pid ${pid}). ` +
        `Stop that process, or set DATA_DIR to another folder. PGlite allows one process per data folder.`,
    );
    this.name = "DataDirLockedError";
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * When the process `pid` started (clock ticks since boot, from Linux's
 * /proc); undefined where that cannot be read. With the pid it names one
 * process: after a crash and a restart (a container's, say) the dead
 * holder's pid often belongs to another process, or to this one.
 */
function startTimeOf(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 22; the command name (field 2, in parentheses) may hold spaces.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

/** The lock file's text: the holder's pid and, where known, its start time. */
function lockText(pid: number): string {
  const started = startTimeOf(pid);
  return started ? `${pid} ${started}` : String(pid);
}

/** Whether the process a lock file names still runs: its pid is alive and, where both are known, started when the lock says. */
function holderRuns(pid: number, started: string | undefined): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return false;
  const now = startTimeOf(pid);
  return started === undefined || now === undefined || started === now;
}

/**
 * Takes the data folder's lock file for this process, or throws when a live
 * process holds it. A lock left by a dead process is taken over, also when
 * its pid now belongs to another process (a kill -9 leaves the lock behind).
 * Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "pglite.lock");
  const mine = lockText(process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, mine, { flag: "wx" });
      const release = () => {
        try {
          if (fs.readFileSync(file, "utf8") === mine) fs.unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.once("exit", release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const [pid, started] = fs.readFileSync(file, "utf8").trim().split(" ");
      const holder = Number.parseInt(pid, 10);
      if (holderRuns(holder, started)) {
        if (holder === process.pid) return () => {};
        throw new DataDirLockedError(dir, holder);
      }
      fs.unlinkSync(file);
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}
