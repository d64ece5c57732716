// What /proc (Linux) tells of processes: the benchmarks read a service's CPU
// time and memory from it, and find the processes whose CPU they count (a
// service's tree, an MCP server, a PostgreSQL database's backends) among
// whatever else runs on the machine.
import fs from "node:fs";

/** CPU seconds and resident memory of a process, from /proc (Linux). */
export function usage(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    const rss = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
    return { cpuSec: ticks / 100, rss };
  } catch {
    return { cpuSec: 0, rss: 0 };
  }
}

const read = (file) => {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return "";
  }
};

/** Every process: its id, its parent's, its command line and environment. */
export const processes = () =>
  fs
    .readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map((pid) => {
      const stat = read(`/proc/${pid}/stat`);
      return {
        pid: Number(pid),
        ppid: Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]),
        cmdline: read(`/proc/${pid}/cmdline`).replaceAll("\0", " "),
        environ: read(`/proc/${pid}/environ`).split("\0"),
      };
    });

/** A process and all its descendants (other services may run on this machine too). */
export function treeOf(root) {
  const all = processes();
  const pids = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all) {
      if (pids.has(p.pid) || !pids.has(p.ppid)) continue;
      pids.add(p.pid);
      grew = true;
    }
  }
  return [...pids];
}

/** The backends of one PostgreSQL database (`databaseUrl`; none when null): PostgreSQL names each backend's database in its title. */
export function postgresBackends(databaseUrl) {
  if (!databaseUrl) return [];
  const name = new URL(databaseUrl).pathname.slice(1);
  return processes()
    .filter((p) => p.cmdline.startsWith("postgres:") && p.cmdline.includes(` ${name} `))
    .map((p) => p.pid);
}

/** The processes of the server-everything listening on `url` (its port is in its environment). */
export const serverEverythingPids = (url) =>
  processes()
    .filter((p) => p.cmdline.includes("server-everything") && p.environ.includes(`PORT=${new URL(url).port}`))
    .map((p) => p.pid);

/** CPU seconds of these processes together. */
export const cpuOf = (pids) => pids.reduce((sum, pid) => sum + usage(pid).cpuSec, 0);
