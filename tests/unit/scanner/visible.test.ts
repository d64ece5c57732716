/** @jest-environment node */
import { makeVisible } from "@/lib/scanner/visible";

describe("makeVisible", () => {
  it.each([
    ["zero-width space", "a\u200bb", "a⟨U+200B⟩b"],
    ["ANSI escape", "\u001b[8mhidden\u001b[0m", "⟨ESC⟩[8mhidden⟨ESC⟩[0m"],
    ["Unicode tag", "x\u{E0041}", "x⟨U+E0041⟩"],
    ["bidi override", "\u202Eabc", "⟨U+202E⟩abc"],
    ["soft hyphen", "co\u00adop", "co⟨U+00AD⟩op"],
    ["lone carriage return", "a\rb", "a⟨U+000D⟩b"],
    ["C1 control", "a\u009bb", "a⟨U+009B⟩b"],
    ["variation selector without emoji", "a\ufe0f", "a⟨U+FE0F⟩"],
    ["supplementary variation selector", "a\u{E0100}", "a⟨U+E0100⟩"],
    ["private use character", "a\ue000", "a⟨U+E000⟩"],
  ])("names a %s", (_, input, shown) => {
    expect(makeVisible(input)).toBe(shown);
  });

  it.each([
    ["plain text", "Reads a file.\n\tSecond line."],
    ["CRLF line ends", "a\r\nb"],
    ["accents and other scripts", "Café — файл — 文件"],
    ["emoji with joiners and selectors", "👨‍👩‍👧 ❤️"],
  ])("keeps %s as it is", (_, input) => {
    expect(makeVisible(input)).toBe(input);
  });
});
