import { finding } from "../findings";
import { normalizeText } from "../text/normalize";
import type { Finding, Rule } from "../types";
import { makeVisible } from "../visible";

/**
 * The same tool name on two of the user's servers: the model cannot tell
 * which one it calls, and a server that copies a trusted tool's name can
 * catch calls meant for it. A name equal only once look-alike letters,
 * invisible characters, case and separators are undone is worse: that is
 * imitation, not coincidence.
 */

/** The name as a model would read it: folded, invisible characters dropped, separators unified. */
const skeleton = (name: string) => normalizeText(name).clean.replace(/[-_.\s]+/g, "_");
/** Case and separators: differences that happen by chance. */
const plain = (name: string) => name.toLowerCase().replace(/[-_.\s]+/g, "_");

export const toolNameCollision: Rule = {
  id: "tool-name-collision",
  title: "Same tool name on another of your servers",
  severity: "medium",
  tier: "full",
  reads: "Tool names, and the tool names of your other servers.",
  remediation:
    "Two servers offering the same tool name let the wrong one be called. Keep only the server you trust for this tool, or rename one of them (many clients can prefix tool names per server).",
  check(input) {
    const others = new Map<string, { server: string; name: string }>();
    for (const server of input.otherServers) {
      for (const name of server.toolNames) {
        const k = skeleton(name);
        if (!others.has(k)) others.set(k, { server: server.name, name });
      }
    }
    if (others.size === 0) return [];
    const out: Finding[] = [];
    for (const tool of input.tools) {
      const other = others.get(skeleton(tool.name));
      if (!other) continue;
      const exact = plain(other.name) === plain(tool.name);
      const evidence = exact
        ? `${tool.name} is also a tool of your server "${other.server}"`
        : `${makeVisible(tool.name)} imitates ${other.name}, a tool of your server "${other.server}"`;
      out.push(finding(toolNameCollision, exact ? "medium" : "high", { kind: "tool", name: tool.name, path: "/name" }, evidence));
    }
    return out;
  },
};
