import { finding } from "./findings";
import type { Finding } from "./types";

/**
 * The finding of a scan that ran out of time. It is high: a scan that could
 * not read everything vouches for nothing it did not read, and definitions
 * made to exhaust the scanner are themselves a sign of an attack. A gateway
 * that blocks at high refuses the server's items until a complete scan.
 */
export const SCAN_INCOMPLETE = {
  id: "scan-incomplete",
  title: "Scan incomplete",
  remediation:
    "The scan stopped before every rule had run, so these definitions are not vouched for. Scan again; if it keeps stopping, the server's definitions are too large or built to slow scanners down: remove the server or ask its maintainer.",
};

export function incompleteScan(serverName: string, notRun: readonly string[], why = "ran out of time"): Finding {
  const evidence =
    notRun.length > 0
      ? `The scan ${why} before ${notRun.length === 1 ? "this rule" : "these rules"} could finish: ${notRun.join(", ")}.`
      : `The scan ${why} and was stopped; no rule's findings could be kept.`;
  return finding(SCAN_INCOMPLETE, "high", { kind: "server", name: serverName, path: "" }, evidence);
}
