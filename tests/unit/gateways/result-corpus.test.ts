import fs from "node:fs";
import path from "node:path";
import { guardResult } from "@/lib/gateways/results/guard";
import benignRefs from "../../fixtures/results/benign.json";
import type { InjectionCase } from "../../fixtures/results/injections";
import { secretCases, type SecretCase } from "../../fixtures/results/secret-cases";
import manifest from "../../fixtures/results/split.json";
import { ALL_INJECTION_SOURCES, benignSource, DEV_INJECTIONS, drawHeldOut, drawHeldOutBenign, HELD_OUT_BENIGN, HELD_OUT_INJECTIONS } from "../../fixtures/results/split";

/**
 * The result guard scored on its labelled corpus (docs/gateways.md, "The
 * result guard's corpus"): injected results from public sources, split by
 * source into development and held-out; benign results from the packages
 * the lockfile installs; credentials in development and held-out formats.
 * Both halves are split by source into development and held-out. Prints
 * the confusion tables. Checks the split, and what the guard must hold
 * whatever its tuning: no benign result is changed by the secrets rules,
 * and every key in a development format is removed. The issue's bars on
 * the held-out set (≥ 90 % of injections caught, ≤ 1 % of benign results
 * changed) are asserted; the held-out key formats' bar (99 %) is printed,
 * not met (docs/gateways.md).
 */

const asResult = (text: string) => ({ content: [{ type: "text", text }] });
const BOTH = { instructions: "redact", secrets: "redact" } as const;
const INSTRUCTIONS = { instructions: "redact", secrets: "off" } as const;
const SECRETS = { instructions: "off", secrets: "redact" } as const;

interface BenignRef {
  package: string;
  version: string;
  file: string;
  kind: string;
  end: number;
}

function benignText(ref: BenignRef): string {
  const root = path.join("node_modules", ref.package);
  const installed = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).version;
  if (installed !== ref.version) throw new Error(`benign case ${ref.package}/${ref.file} was recorded from ${ref.version}, ${installed} is installed: run tests/fixtures/results/pick-benign.mjs again`);
  return fs.readFileSync(path.join(root, ref.file), "utf8").slice(0, ref.end);
}

const caught = (c: InjectionCase) => guardResult({ result: asResult(c.text), policy: INSTRUCTIONS }).findings.length > 0;

/** A key is caught when redact leaves no part of it that could be used: the secret is gone from the result. */
function secretCaught(c: SecretCase): boolean {
  const out = guardResult({ result: asResult(c.text), policy: SECRETS }).result as { content: { text: string }[] };
  return !out.content[0].text.includes(c.secret) && !out.content[0].text.includes(c.secret.slice(-16));
}

const pct = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(1)} %` : "–");

describe("the result guard's corpus", () => {
  const benign = (benignRefs as BenignRef[]).map((ref) => ({ ref, text: benignText(ref) }));
  const secrets = secretCases();

  it("is split as the documented draw gives it, with at least 8 sources of injections and 1,000 benign results", () => {
    expect(manifest.heldOut).toEqual(drawHeldOut());
    expect(manifest.benignHeldOut).toEqual(drawHeldOutBenign(benign.map((b) => b.ref.package)));
    expect(ALL_INJECTION_SOURCES.length).toBeGreaterThanOrEqual(8);
    expect(benign.length).toBeGreaterThanOrEqual(1000);
  });

  it("prints the confusion tables; no benign result loses text to the secrets rules, and their formats' keys are removed", () => {
    const row = (set: string, list: InjectionCase[]) => {
      const hits = list.filter(caught);
      return { set, cases: list.length, caught: hits.length, missed: list.length - hits.length, recall: pct(hits.length, list.length), missedIds: list.filter((c) => !caught(c)).map((c) => c.id).join(" ") };
    };
    const changedBy = (policy: typeof BOTH | typeof SECRETS) => benign.filter(({ text }) => guardResult({ result: asResult(text), policy }).findings.length > 0);
    const changed = changedBy(BOTH);
    const changedBySecrets = changedBy(SECRETS);
    const secretRow = (set: SecretCase["set"]) => {
      const list = secrets.filter((c) => c.set === set);
      const missed = list.filter((c) => !secretCaught(c));
      const formats = new Set(list.map((c) => c.format)).size;
      return { set, formats, formatsMissed: new Set(missed.map((c) => c.format)).size, keys: list.length, caught: list.length - missed.length, recall: pct(list.length - missed.length, list.length) };
    };
    const kinds = [...new Set(benign.map((b) => b.ref.kind))];
    const injections = [row("development", DEV_INJECTIONS), row("held-out", HELD_OUT_INJECTIONS)];
    const keys = [secretRow("development"), secretRow("held-out")];
    const benignRows = (["development", "held-out"] as const).flatMap((set) => {
      const inSet = (b: (typeof benign)[number]) => HELD_OUT_BENIGN.has(benignSource(b.ref.package)) === (set === "held-out");
      const all = benign.filter(inSet);
      const hit = changed.filter(inSet);
      const rows = kinds.map((kind) => {
        const of = all.filter((b) => b.ref.kind === kind).length;
        const n = hit.filter((b) => b.ref.kind === kind).length;
        return { set, kind, results: of, changed: n, rate: pct(n, of) };
      });
      return [...rows, { set, kind: "all", results: all.length, changed: hit.length, rate: pct(hit.length, all.length) }];
    });
    console.log("Injected results (instructions: redact)");
    console.table(injections);
    console.log("Benign results changed by redact (both kinds)");
    console.table(benignRows);
    console.log(`Changed benign results: ${changed.map((b) => `${b.ref.package}/${b.ref.file}`).join(", ") || "none"}`);
    console.log("Credentials (secrets: redact)");
    console.table(keys);
    const heldOut = secrets.filter((c) => c.set === "held-out");
    const missedFormats = [...new Set(heldOut.filter((c) => !secretCaught(c)).map((c) => c.format))];
    console.log("Held-out formats not always removed, with where each is documented");
    console.table(
      missedFormats.map((format) => {
        const list = heldOut.filter((c) => c.format === format);
        return { format, keys: list.length, removed: list.filter(secretCaught).length, source: list[0].source };
      }),
    );

    expect(changedBySecrets).toEqual([]);
    // The issue's bars, on the held-out set: at least 90 % of injections caught, at most 1 % of benign results changed.
    expect(injections[1].caught / injections[1].cases).toBeGreaterThanOrEqual(0.9);
    const heldOutBenign = benignRows.find((r) => r.set === "held-out" && r.kind === "all")!;
    expect(heldOutBenign.changed / heldOutBenign.results).toBeLessThanOrEqual(0.01);
    expect(keys[0].caught).toBe(keys[0].keys);
  });
});
