import { createHash } from "node:crypto";
import type { Finding } from "./types";

/**
 * A finding's stable id: the same rule finding the same evidence at the same
 * place (target and JSON pointer) in a later scan has the same id, so that a
 * decision about it (accepted, false positive) holds, a gateway can cite it
 * and SARIF consumers track it. Other evidence at the same place is another
 * finding: what was judged is no longer what is found.
 *
 * 16 hex digits (64 bits): ids are compared within one server's findings,
 * where a collision is out of reach. Migration 0011 computes the same value
 * in SQL for findings stored before ids existed; change both or neither.
 */

const SEPARATOR = "\u001f";
const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

export const FINGERPRINT = /^[0-9a-f]{16}$/;

export function fingerprintOf(f: Pick<Finding, "ruleId" | "target" | "evidence">): string {
  return sha256([f.ruleId, f.target.kind, f.target.name, f.target.path, sha256(f.evidence)].join(SEPARATOR)).slice(0, 16);
}
