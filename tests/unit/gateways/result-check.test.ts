/** @jest-environment node */
import { checkResult, INLINE_CHARS } from "@/lib/gateways/results/check";
import type { GuardOutput } from "@/lib/gateways/results/guard";
import { fakeSecrets } from "../../support/fake-secrets";

const asResult = (text: string) => ({ content: [{ type: "text", text }] });
const textOf = (outcome: Awaited<ReturnType<typeof checkResult>>) => ((outcome as GuardOutput).result as { content: { text: string }[] }).content[0].text;

describe("checking the results that come back together", () => {
  const { github } = fakeSecrets();

  it("gives each result its own gateway's verdict", async () => {
    const text = `token: ${github}`;
    const [redacted, flagged, unguarded] = await Promise.all([
      checkResult(asResult(text), { secrets: "redact", instructions: "redact" }),
      checkResult(asResult(text), { secrets: "flag", instructions: "redact" }),
      checkResult(asResult(text), { secrets: "off", instructions: "off" }),
    ]);
    expect(textOf(redacted)).toBe("token: [secret removed by the gateway: github-pat]");
    expect(textOf(flagged)).toBe(text);
    expect((flagged as GuardOutput).findings.map((f) => f.ruleId)).toEqual(["secret.github-pat"]);
    expect((unguarded as GuardOutput).findings).toEqual([]);
  });

  it("reads a burst larger than one turn reads, every result of it", async () => {
    // Each result just under the inline bound, a secret at its end: the burst takes several turns of the event loop.
    const filler = "Lisbon is built on seven hills, so wear comfortable shoes. ".repeat(Math.floor((INLINE_CHARS - 200) / 60));
    const outcomes = await Promise.all(Array.from({ length: 12 }, (_, i) => checkResult(asResult(`${filler} ${i} token: ${github}`), { secrets: "redact", instructions: "redact" })));
    expect(outcomes.map((o, i) => textOf(o).endsWith(`${i} token: [secret removed by the gateway: github-pat]`))).toEqual(Array(12).fill(true));
  });
});
