import { describePair, pairSeverity, serverPairCollisions } from "../fleet-collisions";
import { finding } from "../findings";
import type { Rule } from "../types";

/**
 * The same tool name on two of the user's servers: the model cannot tell
 * which one it calls, and a server that copies a trusted tool's name can
 * catch calls meant for it. One finding per other server, whose target is
 * that server (lib/scanner/fleet-collisions.ts).
 */
export const toolNameCollision: Rule = {
  id: "tool-name-collision",
  title: "Same tool name on another of your servers",
  severity: "medium",
  tier: "full",
  reads: "Tool names, and the tool names of your other servers.",
  remediation:
    "Two servers offering the same tool name let the wrong one be called. Keep only the server you trust for this tool, or rename one of them (many clients can prefix tool names per server).",
  check(input) {
    return serverPairCollisions(input).map((pair) => finding(toolNameCollision, pairSeverity(pair), { kind: "server", name: pair.server, path: "" }, describePair(pair)));
  },
};
