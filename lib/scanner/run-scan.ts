import "server-only";
import { record } from "../activity/service";
import { log } from "../log";
import { announceServerChanged } from "../servers/changes";
import { offload, TaskTimeout } from "../worker-pool/pool";
import { incompleteScan } from "./incomplete";
import { loadScanSubject, type ScanSubject } from "./input";
import { runRules } from "./run-rules";
import type { ScanDetail, ScanTrigger } from "./schema";
import type { RuleSetResult } from "./types";
import { describeCounts } from "./severity";
import { storeScan } from "./store";

/** " (2 accepted, 1 false positive set aside)", or nothing when no decision applies. */
function describeSetAside({ accepted, falsePositive }: ScanDetail["setAside"]): string {
  const parts = [accepted ? `${accepted} accepted` : "", falsePositive ? `${falsePositive} false ${falsePositive === 1 ? "positive" : "positives"}` : ""].filter(Boolean);
  return parts.length ? ` (${parts.join(", ")} set aside)` : "";
}

const WHY: Record<ScanTrigger, string> = {
  manual: "",
  discovery: " after discovery",
  check: " after a check saw its tools change",
};

/** A scan's time: rules not started by then are left out, and the scan says it is incomplete. */
export const SCAN_BUDGET_MS = 10_000;
/** A rule still running this long after the budget is ended with its worker. */
const SCAN_GRACE_MS = 5_000;
/** Below both, a scan runs inline: less work than a worker's round trip. */
const INLINE_ITEMS = 50;
const INLINE_CHARS = 256 * 1024;

/**
 * Runs the rules on a worker thread (inline for a small server), within the
 * budget. A worker that overruns it is ended and the scan keeps only a "scan
 * incomplete" finding.
 */
export async function scanRules(subject: Pick<ScanSubject, "input" | "tier">, budgetMs = SCAN_BUDGET_MS): Promise<RuleSetResult> {
  const { input, tier } = subject;
  const items = input.tools.length + input.prompts.length + input.resources.length + input.resourceTemplates.length;
  if (items < INLINE_ITEMS && JSON.stringify(input).length < INLINE_CHARS) return runRules(input, tier, { deadline: performance.now() + budgetMs });
  try {
    return await offload<RuleSetResult>("scan", { scan: input, tier, budgetMs }, { timeoutMs: budgetMs + SCAN_GRACE_MS });
  } catch (err) {
    // Past its time, out of memory, or a rule that threw on what this server sent: the scan vouches
    // for nothing, and says so, rather than failing the discovery or the request that asked for it.
    log.warn("scan stopped on its worker", { server: input.server.name, err });
    const why = err instanceof TaskTimeout ? "ran out of time" : "stopped on an error";
    return { findings: [incompleteScan(input.server.name, [], why)], rulesRun: [], rulesSkipped: [] };
  }
}

/**
 * Scans a server's stored definitions and connection with the rules its
 * owner's plan runs, stores the scan and records `scan.completed` with the
 * counts by severity. Null when the server no longer exists.
 */
export async function runScan(serverId: string, trigger: ScanTrigger, origin: { req?: Request; ip?: string } = {}): Promise<ScanDetail | null> {
  const subject = await loadScanSubject(serverId);
  if (!subject) return null;
  const started = performance.now();
  const result = await scanRules(subject);
  const scan = await storeScan(subject, trigger, result, performance.now() - started);
  // Gateways decide what they serve from the latest scan's findings.
  await announceServerChanged(serverId);
  await record({
    userUid: subject.ownerUid,
    action: "scan.completed",
    summary: `Scanned ${subject.serverName}${WHY[trigger]}: ${describeCounts(scan.counts)}${describeSetAside(scan.setAside)}`,
    target: { type: "server", id: serverId },
    metadata: {
      scanId: scan.id,
      trigger,
      ruleSet: scan.ruleSet,
      counts: scan.counts,
      setAside: scan.setAside,
      rulesRun: scan.rulesRun,
      rulesSkipped: scan.rulesSkipped,
      definitionsHash: scan.definitionsHash,
    },
    req: origin.req,
    ip: origin.ip,
  });
  return scan;
}
