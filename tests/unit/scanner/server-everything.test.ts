/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";
import { runRules } from "@/lib/scanner/run-rules";
import type { Finding } from "@/lib/scanner/types";
import { scanInput } from "./scan-input";

/**
 * The reference server, scanned as the demo account has it (on loopback,
 * without headers): its tools as the workbench fixture recorded them, and
 * its full definitions (prompts, resources, instructions) as the corpus did.
 */

const read = (file: string) => JSON.parse(fs.readFileSync(path.join(__dirname, file), "utf8"));
const workbench = read("../workbench/fixtures/server-everything.json");
const corpus = read("../../fixtures/scanner/benign/modelcontextprotocol__server-everything.json");
const demo = { url: "http://127.0.0.1:3001/mcp", headerNames: [] };

const summary = (findings: Finding[]) => findings.map((f) => `${f.severity} ${f.ruleId} ${f.target.kind}:${f.target.name}${f.target.path}`);

describe("server-everything", () => {
  it("gets nothing above low from its tools: schema notes and one capability", () => {
    const { findings } = runRules(scanInput({ server: demo, tools: workbench.tools }), "full");
    expect(findings.filter((f) => ["critical", "high", "medium"].includes(f.severity))).toEqual([]);
    expect(summary(findings.filter((f) => f.ruleId !== "schema-hygiene"))).toEqual(["info dangerous-capabilities tool:get-env"]);
    expect(new Set(findings.map((f) => f.severity))).toEqual(new Set(["info"]));
  });

  it("gets nothing above low from all it exposes; its instructions, written for the model, are noted low", () => {
    const { findings } = runRules(
      scanInput({
        server: { ...demo, serverInfo: corpus.serverInfo, instructions: corpus.instructions },
        tools: corpus.tools,
        prompts: corpus.prompts,
        resources: corpus.resources,
        resourceTemplates: corpus.resourceTemplates,
      }),
      "full",
    );
    expect(findings.filter((f) => ["critical", "high", "medium"].includes(f.severity))).toEqual([]);
    expect(summary(findings.filter((f) => f.severity === "low"))).toEqual(["low model-instructions server:test-server/instructions"]);
  });

  it("gets nothing at all on the free tier", () => {
    expect(runRules(scanInput({ server: demo, tools: workbench.tools }), "basic").findings).toEqual([]);
  });
});
