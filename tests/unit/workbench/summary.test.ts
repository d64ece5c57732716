/** @jest-environment node */
import { boundedCopy, isErrorResult, summarizeResult } from "@/lib/workbench/summary";

describe("call summaries", () => {
  it("sums up a tool result by its first block", () => {
    expect(summarizeResult("tools/call", { content: [{ type: "text", text: "Echo:   hello\n world" }] })).toBe("Echo: hello world");
    expect(summarizeResult("tools/call", { content: [{ type: "text", text: "a" }, { type: "image", data: "x", mimeType: "image/png" }] })).toBe("a (+1 more block)");
    expect(summarizeResult("tools/call", { content: [{ type: "image", data: "x", mimeType: "image/png" }] })).toBe("image (image/png)");
    expect(summarizeResult("tools/call", { content: [{ type: "resource_link", uri: "demo://r/1", name: "r" }] })).toBe("link to demo://r/1");
    expect(summarizeResult("tools/call", { content: [], structuredContent: { t: 1 } })).toBe("structured content");
    expect(summarizeResult("tools/call", { content: [{ type: "text", text: "boom" }], isError: true })).toBe("Error: boom");
    expect(summarizeResult("tools/call", { content: [{ type: "text", text: "x".repeat(500) }] })).toHaveLength(200);
  });

  it("sums up reads, prompts and pings", () => {
    expect(summarizeResult("resources/read", { contents: [{ uri: "a", mimeType: "text/plain", text: "x" }, { uri: "b", blob: "AA==" }] })).toBe(
      "2 contents (text/plain, binary)",
    );
    expect(summarizeResult("prompts/get", { description: "Weather", messages: [{}, {}] })).toBe("2 messages: Weather");
    expect(summarizeResult("ping", {})).toBe("Pong");
  });

  it("tells a tool's own error result from success", () => {
    expect(isErrorResult("tools/call", { content: [], isError: true })).toBe(true);
    expect(isErrorResult("tools/call", { content: [] })).toBe(false);
    expect(isErrorResult("prompts/get", { isError: true })).toBe(false);
  });

  it("keeps a bounded copy: media replaced by its size, long text and lists cut", () => {
    const kept = boundedCopy({
      content: [
        { type: "image", data: "A".repeat(4000), mimeType: "image/png" },
        { type: "text", text: "t".repeat(5000) },
      ],
      list: Array.from({ length: 60 }, (_, i) => i),
    }) as { content: { data?: string; text?: string }[]; list: unknown[] };
    expect(kept.content[0].data).toBe("[3000 bytes not kept]");
    expect(kept.content[1].text).toHaveLength(2000 + "… [3000 more characters]".length);
    expect(kept.list).toHaveLength(51);
    expect(kept.list.at(-1)).toBe("[10 more items]");
  });
});
