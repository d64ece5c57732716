// What /proc (Linux) tells of a process: the benchmarks read a service's CPU time and memory from it.
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
