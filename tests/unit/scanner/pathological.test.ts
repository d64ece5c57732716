/** @jest-environment node */
import RE2 from "re2";
import { RULES } from "@/lib/scanner/rules";
import { compilePhrases } from "@/lib/scanner/text/phrases";
import { scanInput, tool } from "./scan-input";

/**
 * Each rule's worst inputs we know of — the text that made the shadowing
 * patterns backtrack for seconds ("never use " and 2,500 dots) and minutes
 * (10,000 characters of mixed punctuation), runs of separators between
 * keywords, unclosed comments and braces — in every place a rule reads
 * (description, name, parameter, URI, server instructions). Each rule must
 * finish on them; rules run on RE2 or simple scans and read capped text, so
 * they do.
 */

const MIXED = Array.from({ length: 10_000 }, (_, i) => "!.-_ '\"`([{<>}]):;,/\\@#=?&*~".charAt((i * 7) % 28)).join("");

const WORST: [string, string][] = [
  // The backtracking shadowing patterns took 16 s on 2,500 dots and 2 minutes on 5,000; on 10,000 they outlast the test's timeout.
  ["'never use ' and 2,500 dots", `never use ${".".repeat(2500)}`],
  ["'never use ' and 10,000 dots", `never use ${".".repeat(10_000)}`],
  ["10,000 characters of mixed punctuation", MIXED],
  ["keywords separated by long runs of punctuation", `ignore${" .".repeat(2000)}previous${"-".repeat(2000)} tool must`],
  ["an identifier of dots and letters", "a.".repeat(5000)],
  ["unclosed HTML comments", "<!--".repeat(2500)],
  ["unclosed braces in a URL", `![x](https://a.io/?q=${"{".repeat(5000)}`],
  ["repeated send verbs without a destination", "send to ".repeat(1200)],
  ["repeated 'before using this tool'", "before using this tool ".repeat(400)],
  // The other-tool reader: a list of names that never reaches its tool noun, and identifiers called one after another.
  ["a list of names without a tool noun", `with the ${"name, ".repeat(2000)}and`],
  ["identifiers called one after another", "call send_mail_now ".repeat(600)],
  ["a run of CJK before 'tool'", `${"使用银行".repeat(1500)}工具`],
  ["local addresses without a request", "http://localhost:1/".repeat(500)],
];

describe.each(RULES.map((r) => [r.id, r] as const))("%s on pathological definitions", (_, rule) => {
  it.each(WORST)("finishes on %s", (__, text) => {
    const input = scanInput({
      tools: [tool("probe", text, { [text.slice(0, 200)]: { type: "string", description: text, default: text } })],
      resources: [{ uri: `file:///${text.slice(0, 2000)}`, name: text.slice(0, 300), description: text }],
      server: { instructions: text },
    });
    const findings = rule.check(input);
    // What a rule reports about such text varies; that it returns a list of findings at all is the point.
    expect(Array.isArray(findings)).toBe(true);
  });
});

it("compiles phrase patterns with RE2, whose matching time is linear in the text", () => {
  const [compiled] = compilePhrases([{ category: "x", source: "never use (?:the )?([a-z0-9_.-]+) tools?", squash: true, notFollowedBy: "now", unless: "example" }]).phrases;
  for (const regex of [compiled.clean, compiled.squashed, compiled.notFollowedBy, compiled.unless]) expect(regex).toBeInstanceOf(RE2);
});
