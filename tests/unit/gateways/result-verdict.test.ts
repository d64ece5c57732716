import { guardResult } from "@/lib/gateways/results/guard";
import { findingsMetadata, noteworthy, UNCHECKED_META_KEY, verdict, verdictSummary } from "@/lib/gateways/results/verdict";
import { fakeSecrets } from "../../support/fake-secrets";

const UNREAD = { unchecked: "the gateway could not check it within 2000 ms" };

describe("the result guard's verdict on a result it could not read in time", () => {
  const result = { content: [{ type: "text", text: "a very long page" }], _meta: { theirs: 1 } };

  it("refuses it under unchecked: block, whatever the kinds' actions, and says why", () => {
    for (const kinds of [{ secrets: "redact", instructions: "redact" }, { secrets: "flag", instructions: "flag" }] as const) {
      const v = verdict(result, UNREAD, { ...kinds, unchecked: "block" });
      expect(v).toMatchObject({ refuse: "the gateway could not check it within 2000 ms." });
      expect(noteworthy(v)).toBe(true);
      expect(findingsMetadata(v)).toMatchObject({ guard: "blocked", unchecked: UNREAD.unchecked, findingCount: 0 });
      expect(verdictSummary(v)).toBe("was not checked (the gateway could not check it within 2000 ms) → blocked");
    }
  });

  it("delivers it as it came under unchecked: deliver, with a mark the client can read beside the server's own _meta", () => {
    const v = verdict(result, UNREAD, { secrets: "redact", instructions: "block", unchecked: "deliver" });
    expect("deliver" in v && v.deliver).toEqual({
      content: result.content,
      _meta: { theirs: 1, [UNCHECKED_META_KEY]: "not checked: the gateway could not check it within 2000 ms" },
    });
    // The server's object is left as it came.
    expect(result._meta).toEqual({ theirs: 1 });
    expect(findingsMetadata(v)).toMatchObject({ guard: "unchecked", findingCount: 0 });
    expect(verdictSummary(v)).toBe("was not checked (the gateway could not check it within 2000 ms) → delivered");
  });
});

describe("the result guard's verdict in one word, as the audit and the Activity tab say it", () => {
  const s = fakeSecrets();
  const result = { content: [{ type: "text", text: `token ${s.github}` }] };
  const of = (secrets: "block" | "redact" | "flag") => verdict(result, guardResult({ result, policy: { secrets, instructions: "off" } }), { secrets, instructions: "off", unchecked: "block" });

  it.each([
    ["block", "blocked"],
    ["redact", "redacted"],
    ["flag", "flagged"],
  ] as const)("%s → %s, each finding with its rule and place and no secret", (action, word) => {
    const v = of(action);
    const metadata = findingsMetadata(v);
    expect(metadata).toMatchObject({ guard: word, findingCount: 1, findings: [{ ruleId: "secret.github-pat", pointer: "/content/0/text", start: 6, action }] });
    expect(JSON.stringify(metadata)).not.toContain(s.github);
    expect(verdictSummary(v)).toBe(`returned a finding (github-pat) → ${word}`);
  });

  it("has nothing to record for a clean result", () => {
    const clean = { content: [{ type: "text", text: "nothing here" }] };
    expect(noteworthy(verdict(clean, guardResult({ result: clean, policy: { secrets: "redact", instructions: "redact" } }), { secrets: "redact", instructions: "redact", unchecked: "block" }))).toBe(false);
  });
});
