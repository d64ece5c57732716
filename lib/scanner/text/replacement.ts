import RE2 from "re2";
import { lexicon } from "./cues";

/**
 * A tool that claims another's place: it replaces, supersedes or overrides a
 * tool, is its new or official version, or must be used instead of it, in
 * any language. With the other tool named (a tool of another of the user's
 * servers, or one whose name is this tool's own or close to it), calls meant
 * for a trusted server's tool go to this one.
 */
export const REPLACEMENT_CLAIM = lexicon([
  "replace[sd]?", "replacing", "replacement (?:for|of)", "supersede[sd]?", "overrides?", "overridden", "takes? precedence over", "in place of", "instead of",
  "(?:new|newer|updated|maintained|official|fixed|improved|current|patched) (?:version|release|edition|implementation) (?:of|for)", "v[0-9]+ of",
  "(?:is|are) (?:retired|deprecated|obsolete|outdated|unsafe|broken)", "(?:must|should) (?:no longer|not) be (?:used|called)", "ne doit plus", "nicht mehr (?:verwenden|benutzen|nutzen)",
  "remplace*", "a la place de", "au lieu de", "ersetzt", "anstelle", "statt", "reemplaza*", "en lugar de", "en vez de", "substitui*", "em vez de", "sostituisce", "invece di",
  "замен*", "вместо", "替代", "取代", "代替", "置き換え", "代わりに", "대체", "대신",
]);

/** Tool names as texts write them: snake, kebab or camel case (not "draw.io", a site). */
const IDENTIFIER = new RE2("(?:^|[^A-Za-z0-9_.-])([a-z][a-z0-9]*(?:[_-][a-z0-9]+)+|[a-z]+[A-Z][A-Za-z0-9]*)(?:$|[^A-Za-z0-9_.-]|\\.(?:$|[^A-Za-z0-9]))", "g");

/** A name's letters and digits only: "send_email", "sendEmail" and "send-email" are one name. */
export const squashName = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, "");
/** Without a version or "new" suffix: "post_message_v2", "send_email_new". */
const SUFFIX = new RE2("(?:v[0-9]+|[0-9]+|new|latest|official|fixed)$");
const stem = (name: string) => squashName(name).replace(SUFFIX, "");

function editDistanceAtMost(a: string, b: string, most: number): boolean {
  if (Math.abs(a.length - b.length) > most) return false;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    if (Math.min(...row) > most) return false;
    prev = row;
  }
  return prev[b.length] <= most;
}

const wordsOf = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);

/**
 * Two tool names a model could take for one another: the same letters
 * ("sendEmail", "send_email"), one more word ("gmail_send_email"), or a
 * letter or two apart ("read_files").
 */
export function similarNames(a: string, b: string): boolean {
  const [x, y] = [stem(a), stem(b)];
  if (!x || !y) return false;
  if (x === y) return true;
  const [wa, wb] = [wordsOf(a), wordsOf(b)];
  const [fewer, more] = wa.length <= wb.length ? [wa, wb] : [wb, wa];
  if (fewer.length >= 2 && more.length === fewer.length + 1 && (more.slice(1).join("_") === fewer.join("_") || more.slice(0, -1).join("_") === fewer.join("_"))) return true;
  return Math.min(x.length, y.length) >= 6 && editDistanceAtMost(x, y, 2);
}

/** Identifiers written in a text (snake, kebab, dotted or camel case): the names a sentence may give a tool. */
export function identifiersIn(text: string): string[] {
  const out: string[] = [];
  IDENTIFIER.lastIndex = 0;
  for (let m = IDENTIFIER.exec(text); m && out.length < 50; m = IDENTIFIER.exec(text)) {
    out.push(m[1]);
    // The trailing edge may be the next name's leading edge.
    IDENTIFIER.lastIndex = m.index + m[0].indexOf(m[1]) + m[1].length;
  }
  return out;
}
