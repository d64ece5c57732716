/**
 * Makes characters a reader cannot see visible, so that evidence shows what
 * a model reads but a person does not: `⟨ESC⟩[8m`, `⟨U+200B⟩`, `⟨U+E0041⟩`.
 * Line breaks and tabs are kept; everything else without a glyph is named.
 */

const PLAIN = /^[\x20-\x7e\n\t]*$/;
const NAMED: ReadonlyMap<number, string> = new Map([[0x1b, "⟨ESC⟩"]]);
const FORMAT = /[\p{Cf}\p{Co}]/u;

/** Emoji and pictographs, after which a variation selector or joiner is ordinary. */
export const PICTOGRAPH = /\p{Extended_Pictographic}/u;

function hex(cp: number): string {
  return `⟨U+${cp.toString(16).toUpperCase().padStart(4, "0")}⟩`;
}

/** Code points with no glyph that are never ordinary in a description. */
export function isInvisible(cp: number): boolean {
  if (cp < 0x20) return cp !== 0x0a && cp !== 0x09;
  if (cp >= 0x7f && cp <= 0x9f) return true;
  if (cp === 0x115f || cp === 0x1160 || cp === 0x3164 || cp === 0xffa0 || cp === 0x034f) return true;
  if (cp >= 0xe0100 && cp <= 0xe01ef) return true;
  return FORMAT.test(String.fromCodePoint(cp));
}

export function makeVisible(text: string): string {
  if (PLAIN.test(text)) return text;
  let out = "";
  let previous = "";
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i) as number;
    const ch = String.fromCodePoint(cp);
    i += ch.length;
    const named = NAMED.get(cp);
    if (named) out += named;
    // A carriage return alone moves a terminal's cursor back over the line; before a line feed it is a line end.
    else if (cp === 0x0d && text.charCodeAt(i) === 0x0a) out += ch;
    else if ((cp === 0x200d || (cp >= 0xfe00 && cp <= 0xfe0f)) && PICTOGRAPH.test(previous)) out += ch;
    else if (isInvisible(cp) || (cp >= 0xfe00 && cp <= 0xfe0f)) out += hex(cp);
    else out += ch;
    previous = ch;
  }
  return out;
}
