/** @jest-environment node */
import { normalizeText } from "@/lib/scanner/text/normalize";

describe("normalizeText", () => {
  it.each([
    ["case and whitespace", "  Do NOT\n\n\ttell   the User.  ", "do not tell the user.", "donottelltheuser"],
    ["tag characters, decoded", `a${String.fromCodePoint(0xe0049, 0xe0047)}b`, "aigb", "aigb"],
    ["invisible characters and ANSI escapes, dropped", "i\u200bg\u001b[8mn\u001b[0mo\u202Ere", "ignore", "ignore"],
    ["look-alikes, accents and compatibility forms, folded", "Іgnоrе ｐｒｅｖ 𝐢𝐧 Ünïcode’s", "ignore prev in unicode's", "ignoreprevinunicodes"],
  ])("undoes %s", (_, text, clean, squashed) => {
    const n = normalizeText(text);
    expect([n.clean, n.squashed]).toEqual([clean, squashed]);
  });

  it.each([
    "Plain ASCII, with  two spaces\nand a line.",
    "Mixed: Café, 日本, 文件 and 👨‍👩‍👧 with\u200bzero width",
    `Tags${String.fromCodePoint(0xe0041, 0xe0042)} and \u001b[31mcolour\u001b[0m`,
  ])("maps every position of its forms back to the original: %s", (text) => {
    const n = normalizeText(text);
    expect(n.cleanAt).toHaveLength(n.clean.length);
    expect(n.squashedAt).toHaveLength(n.squashed.length);
    for (let i = 0; i < n.squashed.length; i++) {
      const original = text.codePointAt(n.squashedAt[i]) as number;
      const decoded = original >= 0xe0000 ? String.fromCharCode(original - 0xe0000) : String.fromCodePoint(original);
      expect(decoded.normalize("NFKD").toLowerCase()).toContain(n.squashed[i]);
    }
    expect([...n.cleanAt]).toEqual([...n.cleanAt].sort((a, b) => a - b));
  });
});
