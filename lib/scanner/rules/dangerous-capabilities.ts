import { finding } from "../findings";
import type { Finding, Rule } from "../types";
import { textSites } from "../walk";

/**
 * What a tool can do that cannot be undone or that reaches beyond the
 * conversation: run commands or code, delete files, move money, send
 * messages. Not a flaw, but where a poisoned instruction does its damage, so
 * it is listed (as information) for the person deciding what to allow.
 */

const CAPABILITIES: [string, RegExp][] = [
  ["runs shell commands", /(?<![a-z])(?:shell|bash|zsh|powershell|cmd\.exe|terminal|command[ _-]?line|(?:run|exec|execute)[ _-]?(?:a[ _-]?)?(?:shell[ _-]?|system[ _-]?|terminal[ _-]?)?commands?|subprocess|spawn[ _-]?process)(?![a-z])/],
  ["executes code", /(?<![a-z])(?:eval|exec|(?:run|execute|evaluate)[ _-]?(?:arbitrary[ _-]?|python[ _-]?|javascript[ _-]?|js[ _-]?|the[ _-]?)?(?:code|script|snippet)s?|code[ _-]?interpreter|repl|run[ _-]?(?:python|javascript|node))(?![a-z])/],
  ["deletes files or data", /(?<![a-z])(?:delete|remove|rm|unlink|erase|wipe|purge|drop|truncate|destroy)[ _-]?(?:the[ _-]?|a[ _-]?)?(?:files?|dir|directory|directories|folders?|paths?|databases?|tables?|branch(?:es)?|repos(?:itory|itories)?|buckets?|records?|rows?|entities|data)(?![a-z])|(?<![a-z])rm -rf(?![a-z])/],
  ["moves money", /(?<![a-z])(?:payments?|pay|charge|refunds?|(?:transfer|send|wire)[ _-]?(?:funds|money|crypto|tokens|eth|btc|usdc)|purchases?|checkout|invoices?|payouts?|stripe|wallet[ _-]?transfer)(?![a-z])/],
  ["exposes environment variables (where secrets often live)", /(?<![a-z])(?:environment[ _-]?variables?|env[ _-]?vars?|process\.env|getenv|get[ _-]?env)(?![a-z])/],
  ["sends messages", /(?<![a-z])(?:send|post|publish|tweet|reply|dm|broadcast)(?:s|ing)?[ _-]?(?:an?[ _-]?|the[ _-]?|a[ _-]?new[ _-]?)?(?:emails?|e-mails?|mails?|messages?|sms|texts?|dms?|tweets?|slack|notifications?|posts?|comments?)(?![a-z])/],
];

const READ_PATHS = new Set(["/name", "/title", "/description"]);

export const dangerousCapabilities: Rule = {
  id: "dangerous-capabilities",
  title: "Dangerous capability",
  severity: "info",
  tier: "full",
  reads: "Tool names, titles, descriptions and annotations.",
  remediation:
    "Allow this tool only where you need it, and have your client ask before each call (most clients can require confirmation per tool).",
  check(input) {
    const texts = new Map<string, string[]>();
    for (const site of textSites(input)) {
      if (site.target.kind !== "tool" || !READ_PATHS.has(site.target.path)) continue;
      const list = texts.get(site.target.name) ?? [];
      list.push(site.normalized.clean);
      texts.set(site.target.name, list);
    }
    const out: Finding[] = [];
    for (const tool of input.tools) {
      const text = (texts.get(tool.name) ?? []).join(" \n ");
      const found = CAPABILITIES.filter(([, regex]) => regex.test(text)).map(([what]) => what);
      if (tool.annotations?.destructiveHint === true && !found.includes("deletes files or data")) found.push("may destroy data (the server marks it destructive)");
      if (found.length === 0) continue;
      out.push(finding(dangerousCapabilities, "info", { kind: "tool", name: tool.name, path: "" }, `${tool.name}: ${found.join(", ")}`));
    }
    return out;
  },
};
