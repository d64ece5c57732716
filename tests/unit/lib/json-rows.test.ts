import { jsonChunks, rowJson } from "@/lib/db/json-rows";

describe("rows written as one JSON parameter", () => {
  it("keeps each statement within its rows and characters, a larger row alone, and every row once, in order", () => {
    const rows = Array.from({ length: 7 }, (_, i) => ({ i, text: i === 3 ? "x".repeat(500) : "y" }));
    const chunks = [...jsonChunks(rows, { rows: 2, chars: 100 })].map((chunk) => JSON.parse(chunk) as { i: number }[]);
    expect(chunks.map((chunk) => chunk.map((row) => row.i))).toEqual([[0, 1], [2], [3], [4, 5], [6]]);
    expect([...jsonChunks([], { rows: 2, chars: 100 })]).toEqual([]);
  });

  it("sends half a character (an excerpt cut between the two halves of an emoji) as U+FFFD, as the drivers do, and leaves whole characters and escaped backslashes as they are", () => {
    const emoji = "😀";
    const row = { cut: `end ${emoji.slice(0, 1)}`, start: `${emoji.slice(1)} start`, whole: emoji, backslash: "\\ud800 is text" };
    expect(JSON.parse(rowJson(row))).toEqual({ cut: "end \ufffd", start: "\ufffd start", whole: emoji, backslash: "\\ud800 is text" });
    expect(rowJson({ plain: "a\nb" })).toBe(JSON.stringify({ plain: "a\nb" }));
  });
});
