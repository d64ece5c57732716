import { MAX_STORED_VERDICT_BYTES, verdictChanged } from "@/lib/servers/protocol-verdict";
import type { ProtocolPrior } from "@/lib/mcp/types";

const modern = (instructions: string): ProtocolPrior => ({
  kind: "modern",
  discover: { supportedVersions: ["2026-07-28"], capabilities: { tools: {} }, serverInfo: { name: "s", version: "1" }, instructions },
});

describe("the negotiation verdict kept for a server", () => {
  it("is written when first found and when it changes, not when it is the same", () => {
    expect(verdictChanged(null, modern("hi"))).toBe(true);
    expect(verdictChanged(modern("hi"), modern("hi"))).toBe(false);
    expect(verdictChanged(modern("hi"), { kind: "legacy" })).toBe(true);
    expect(verdictChanged(modern("hi"), undefined)).toBe(false);
  });

  it("is the same when only the order of its keys differs, as PostgreSQL's jsonb gives them back", () => {
    const found = modern("hi");
    if (found.kind !== "modern") throw new Error("a modern verdict");
    const reordered: ProtocolPrior = { discover: Object.fromEntries(Object.entries(found.discover).reverse()), kind: "modern" };
    expect(verdictChanged(reordered, found)).toBe(false);
  });

  it("is not kept when the server's discover answer is larger than the bound, and that is not written again at each check", () => {
    const huge = modern("x".repeat(MAX_STORED_VERDICT_BYTES));
    // Nothing stored, nothing to store: no write.
    expect(verdictChanged(null, huge)).toBe(false);
    // A small verdict stored before is replaced by nothing.
    expect(verdictChanged(modern("hi"), huge)).toBe(true);
  });
});
