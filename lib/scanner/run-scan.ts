import "server-only";
import { record } from "../activity/service";
import { loadScanSubject } from "./input";
import { runRules } from "./run-rules";
import type { ScanDetail, ScanTrigger } from "./schema";
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

/**
 * Scans a server's stored definitions and connection with the rules its
 * owner's plan runs, stores the scan and records `scan.completed` with the
 * counts by severity. Null when the server no longer exists.
 */
export async function runScan(serverId: string, trigger: ScanTrigger, origin: { req?: Request; ip?: string } = {}): Promise<ScanDetail | null> {
  const subject = await loadScanSubject(serverId);
  if (!subject) return null;
  const started = performance.now();
  const result = runRules(subject.input, subject.tier);
  const scan = await storeScan(subject, trigger, result, performance.now() - started);
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
