/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";
import { atLeast } from "@/lib/scanner/findings";
import { RULES } from "@/lib/scanner/rules";
import { runRules } from "@/lib/scanner/run-rules";
import type { Finding, ScanInput } from "@/lib/scanner/types";
import { MALICIOUS_CASES, type CorpusCase } from "../../fixtures/scanner/malicious-cases";

/**
 * Scores the rules on the labelled corpus: attacks written after the public
 * write-ups (each must be reported by its rule at its severity or worse) and
 * the real definitions of well-known benign servers (none may get a finding
 * above low). Prints the confusion table per rule and overall.
 */

const BENIGN_DIR = path.join(__dirname, "../../fixtures/scanner/benign");

interface BenignFixture {
  package: string;
  version: string;
  serverInfo: ScanInput["server"]["serverInfo"];
  instructions: string | null;
  tools: ScanInput["tools"];
  prompts: ScanInput["prompts"];
  resources: ScanInput["resources"];
  resourceTemplates: ScanInput["resourceTemplates"];
}

function maliciousInput(c: CorpusCase): ScanInput {
  return {
    tools: [],
    prompts: [],
    resources: [],
    resourceTemplates: [],
    baseline: null,
    otherServers: [],
    ...c.input,
    server: {
      name: "corpus",
      transport: "streamable-http",
      url: "https://mcp.corpus-server.io/mcp",
      headerNames: ["Authorization"],
      serverInfo: null,
      instructions: null,
      ...c.input.server,
    },
  };
}

/** A benign server as a user would add it: over HTTPS with a credential (its connection is not what is judged here). */
function benignInput(f: BenignFixture): ScanInput {
  return {
    server: { name: f.package, transport: "streamable-http", url: "https://mcp.example.com/mcp", headerNames: ["Authorization"], serverInfo: f.serverInfo, instructions: f.instructions },
    tools: f.tools,
    prompts: f.prompts,
    resources: f.resources,
    resourceTemplates: f.resourceTemplates,
    baseline: null,
    otherServers: [],
  };
}

interface BenignCase {
  id: string;
  findings: Finding[];
}

/** One benign case per definition (and one for the server's own texts), with the findings about it. */
function benignCases(): BenignCase[] {
  const cases: BenignCase[] = [];
  for (const file of fs.readdirSync(BENIGN_DIR).filter((f) => f.endsWith(".json")).sort()) {
    const fixture = JSON.parse(fs.readFileSync(path.join(BENIGN_DIR, file), "utf8")) as BenignFixture;
    const { findings } = runRules(benignInput(fixture), "full");
    const label = `${fixture.package}@${fixture.version}`;
    const targets: [string, string][] = [
      ...fixture.tools.map((t): [string, string] => ["tool", t.name]),
      ...fixture.prompts.map((p): [string, string] => ["prompt", p.name]),
      ...fixture.resources.map((r): [string, string] => ["resource", r.uri]),
      ...fixture.resourceTemplates.map((r): [string, string] => ["resource_template", r.uriTemplate]),
      ["server", fixture.package],
    ];
    for (const [kind, name] of targets) {
      cases.push({ id: `${label} ${kind} ${name}`, findings: findings.filter((f) => f.target.kind === kind && f.target.name === name) });
    }
  }
  return cases;
}

const aboveLow = (f: Finding) => atLeast(f.severity, "medium");

describe("scanner corpus", () => {
  const malicious = MALICIOUS_CASES.map((c) => {
    const { findings } = runRules(maliciousInput(c), "full");
    const byRule = findings.filter((f) => f.ruleId === c.expect.rule);
    return {
      c,
      detected: byRule.some((f) => atLeast(f.severity, c.expect.severity)),
      anyRule: findings.some((f) => atLeast(f.severity, c.expect.severity)),
      got: byRule.map((f) => f.severity),
    };
  });
  const benign = benignCases();

  it("prints the confusion table and meets the bars", () => {
    const rows = RULES.map((rule) => {
      const labelled = malicious.filter((m) => m.c.expect.rule === rule.id);
      const flagged = benign.filter((b) => b.findings.some((f) => f.ruleId === rule.id && aboveLow(f)));
      const noted = benign.filter((b) => b.findings.some((f) => f.ruleId === rule.id));
      return {
        rule: rule.id,
        tier: rule.tier,
        "malicious cases": labelled.length,
        "detected (TP)": labelled.filter((m) => m.detected).length,
        "missed (FN)": labelled.filter((m) => !m.detected).length,
        "benign above low (FP)": flagged.length,
        "benign clean or ≤ low (TN)": benign.length - flagged.length,
        "benign with any finding (≤ low)": noted.length,
      };
    });
    const detected = malicious.filter((m) => m.detected).length;
    const flagged = benign.filter((b) => b.findings.some(aboveLow));
    rows.push({
      rule: "overall",
      tier: "full",
      "malicious cases": malicious.length,
      "detected (TP)": detected,
      "missed (FN)": malicious.length - detected,
      "benign above low (FP)": flagged.length,
      "benign clean or ≤ low (TN)": benign.length - flagged.length,
      "benign with any finding (≤ low)": benign.filter((b) => b.findings.length > 0).length,
    });
    const recall = detected / malicious.length;
    const servers = fs.readdirSync(BENIGN_DIR).filter((f) => f.endsWith(".json")).length;
    console.log(
      [
        `Scanner corpus: ${malicious.length} malicious cases, ${benign.length} benign cases (definitions of ${servers} servers).`,
        `Recall by the expected rule at the expected severity: ${(recall * 100).toFixed(1)} %; by any rule: ${((malicious.filter((m) => m.anyRule).length / malicious.length) * 100).toFixed(1)} %.`,
        `Benign cases with a finding above low: ${flagged.length}.`,
        ...malicious.filter((m) => !m.detected).map((m) => `  missed ${m.c.id}: expected ${m.c.expect.rule} ≥ ${m.c.expect.severity}, got [${m.got.join(", ")}]`),
        ...flagged.map((b) => `  flagged ${b.id}: ${b.findings.filter(aboveLow).map((f) => `${f.ruleId} ${f.severity} ${f.target.path}`).join("; ")}`),
      ].join("\n"),
    );
    console.table(rows);

    expect(malicious.length).toBeGreaterThanOrEqual(40);
    expect(benign.length).toBeGreaterThanOrEqual(40);
    expect(recall).toBeGreaterThanOrEqual(0.95);
    expect(flagged.map((b) => b.id)).toEqual([]);
  });

  it("labels every malicious case with a source and a rule that exists", () => {
    const ids = new Set(RULES.map((r) => r.id));
    for (const { c } of malicious) {
      expect(c.source.length).toBeGreaterThan(10);
      expect(ids.has(c.expect.rule)).toBe(true);
    }
    expect(new Set(malicious.map((m) => m.c.id)).size).toBe(malicious.length);
  });

  it("covers the subtle places: a parameter name, an enum value, a default, an output schema, a prompt argument, a resource description", () => {
    const paths = malicious.flatMap(({ c }) => runRules(maliciousInput(c), "full").findings.filter((f) => f.ruleId === c.expect.rule).map((f) => f.target));
    expect(paths).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "tool", path: "/inputSchema/properties/do_not_tell_the_user_about_this_field" }),
        expect.objectContaining({ kind: "tool", path: "/inputSchema/properties/unit/enum/2" }),
        expect.objectContaining({ kind: "tool", path: "/inputSchema/properties/context/default" }),
        expect.objectContaining({ kind: "tool", path: "/outputSchema/properties/total/description" }),
        expect.objectContaining({ kind: "prompt", path: "/arguments/0/description" }),
        expect.objectContaining({ kind: "resource", path: "/description" }),
      ]),
    );
  });
});
