/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";
import { atLeast } from "@/lib/scanner/findings";
import { RULES } from "@/lib/scanner/rules";
import { runRules } from "@/lib/scanner/run-rules";
import type { Finding, ScanInput } from "@/lib/scanner/types";
import type { CorpusCase } from "../../fixtures/scanner/malicious-cases";
import { AFTER_SPLIT_SOURCES, ALL_CASES, ALL_SOURCES, DEV_CASES, HELD_OUT_CASES, HELD_OUT_SOURCES, SPLIT_SOURCES, drawHeldOut } from "../../fixtures/scanner/split";

/**
 * Scores the rules on the labelled corpus: attacks written after the public
 * write-ups (each must be reported by its rule at its severity or worse) and
 * the real definitions of benign servers from npm (none may get a finding
 * above low). The attacks are split by source into a development set, which
 * rules are tuned on, and a held-out set, which is only measured: the bars
 * apply to the held-out set. Prints the confusion table of each.
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

interface Scored {
  c: CorpusCase;
  detected: boolean;
  anyRule: boolean;
  got: string[];
}

function score(c: CorpusCase): Scored {
  const { findings } = runRules(maliciousInput(c), "full");
  const byRule = findings.filter((f) => f.ruleId === c.expect.rule);
  return {
    c,
    detected: byRule.some((f) => atLeast(f.severity, c.expect.severity)),
    anyRule: findings.some((f) => atLeast(f.severity, c.expect.severity)),
    got: byRule.map((f) => f.severity),
  };
}

/** The confusion table of one set of attacks against the whole benign corpus, per rule and overall, printed. */
function report(title: string, malicious: Scored[], benign: BenignCase[]): { recall: number; flagged: BenignCase[] } {
  const row = (rule: string, tier: string, labelled: Scored[], flagged: BenignCase[], noted: BenignCase[]) => ({
    rule,
    tier,
    "malicious cases": labelled.length,
    "detected (TP)": labelled.filter((m) => m.detected).length,
    "missed (FN)": labelled.filter((m) => !m.detected).length,
    "benign above low (FP)": flagged.length,
    "benign clean or ≤ low (TN)": benign.length - flagged.length,
    "benign with any finding (≤ low)": noted.length,
  });
  const rows = RULES.map((rule) =>
    row(
      rule.id,
      rule.tier,
      malicious.filter((m) => m.c.expect.rule === rule.id),
      benign.filter((b) => b.findings.some((f) => f.ruleId === rule.id && aboveLow(f))),
      benign.filter((b) => b.findings.some((f) => f.ruleId === rule.id)),
    ),
  );
  const flagged = benign.filter((b) => b.findings.some(aboveLow));
  rows.push(row("overall", "full", malicious, flagged, benign.filter((b) => b.findings.length > 0)));
  const detected = malicious.filter((m) => m.detected).length;
  const recall = detected / malicious.length;
  const sources = new Set(malicious.map((m) => m.c.source)).size;
  console.log(
    [
      `${title}: ${malicious.length} malicious cases from ${sources} sources; ${benign.length} benign cases.`,
      `Recall by the expected rule at the expected severity: ${(recall * 100).toFixed(1)} %; by any rule: ${((malicious.filter((m) => m.anyRule).length / malicious.length) * 100).toFixed(1)} %.`,
      `Benign cases with a finding above low: ${flagged.length}.`,
      ...malicious.filter((m) => !m.detected).map((m) => `  missed ${m.c.id}: expected ${m.c.expect.rule} ≥ ${m.c.expect.severity}, got [${m.got.join(", ")}]`),
      ...flagged.map((b) => `  flagged ${b.id}: ${b.findings.filter(aboveLow).map((f) => `${f.ruleId} ${f.severity} ${f.target.path}`).join("; ")}`),
    ].join("\n"),
  );
  console.table(rows);
  return { recall, flagged };
}

describe("scanner corpus", () => {
  const benign = benignCases();
  const servers = fs.readdirSync(BENIGN_DIR).filter((f) => f.endsWith(".json")).length;

  it("is the size the measure needs: 300 attacks from 10 sources, 1,000 benign definitions of 60 servers", () => {
    expect(ALL_CASES.length).toBeGreaterThanOrEqual(300);
    expect(ALL_SOURCES.length).toBeGreaterThanOrEqual(10);
    expect(benign.length - servers).toBeGreaterThanOrEqual(1000);
    expect(servers).toBeGreaterThanOrEqual(60);
  });

  it("holds out the sources the documented draw gives, a third of the sources split, and no case of theirs in development", () => {
    expect([...HELD_OUT_SOURCES].sort()).toEqual(drawHeldOut());
    expect(HELD_OUT_SOURCES.size * 3).toBeGreaterThanOrEqual(SPLIT_SOURCES.length);
    expect(DEV_CASES.some((c) => HELD_OUT_SOURCES.has(c.source))).toBe(false);
    expect(DEV_CASES.length + HELD_OUT_CASES.length).toBe(ALL_CASES.length);
  });

  it("puts sources written up after the split in development only, new ones, and keeps a third of the cases held out", () => {
    expect(AFTER_SPLIT_SOURCES.filter((s) => SPLIT_SOURCES.includes(s))).toEqual([]);
    expect(ALL_SOURCES.length).toBe(SPLIT_SOURCES.length + AFTER_SPLIT_SOURCES.length);
    expect(HELD_OUT_CASES.length * 3).toBeGreaterThanOrEqual(ALL_CASES.length);
  });

  it("prints the development table (what rules are tuned on)", () => {
    const { recall } = report("Development set", DEV_CASES.map(score), benign);
    expect(recall).toBeGreaterThanOrEqual(0.95);
  });

  // The bar applies to the held-out set, which no rule was tuned on: the table prints its misses, which
  // are reported, not fixed one by one.
  it("prints the held-out table: recall at least 95 %, and no benign definition above low", () => {
    const { recall, flagged } = report("Held-out set", HELD_OUT_CASES.map(score), benign);
    expect(recall).toBeGreaterThanOrEqual(0.95);
    expect(flagged.map((b) => b.id)).toEqual([]);
  });

  it("labels every malicious case with a source and a rule that exists", () => {
    const ids = new Set(RULES.map((r) => r.id));
    for (const c of ALL_CASES) {
      expect(c.source.length).toBeGreaterThan(10);
      expect(ids.has(c.expect.rule)).toBe(true);
    }
    expect(new Set(ALL_CASES.map((c) => c.id)).size).toBe(ALL_CASES.length);
  });

  it("covers the subtle places: a parameter name, an enum value, a default, an output schema, a prompt argument, a resource description", () => {
    const paths = ALL_CASES.flatMap((c) => runRules(maliciousInput(c), "full").findings.filter((f) => f.ruleId === c.expect.rule).map((f) => f.target));
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
