import RE2 from "re2";
import { foldText } from "./normalize";

/**
 * Other tools named in a sentence, in any language: "the calendar tool", "the
 * hotel, restaurant and car tools", "l'outil send_email", "银行工具",
 * "スマートロックのツール", or a tool's own identifier ("invite_user_to_slack").
 * A name that is the described server's own (a tool, a parameter, a word of
 * its name) or a word that stands for this tool ("this", "the same") is no
 * reference to another tool. Every pattern runs on RE2 over one sentence.
 */

export interface OwnNames {
  /** Tool, prompt and parameter names of the scanned server, lower case. */
  identifiers: ReadonlySet<string>;
  /** Words of the server's own names and of its tools' names. */
  words: ReadonlySet<string>;
}

/** Words that stand where a tool's name would, without naming another tool, or only say what kind it is. */
const SELF = new Set(
  [
    "this these that those the a an any each every same your our its their current above below following previous next corresponding appropriate relevant given",
    "which what whose where when it they them you we both either neither all some no one",
    "selected desired specific said such mcp own new other another first last right correct local remote running separate different external internal built-in",
    "builtin default standard underlying target source main primary dedicated available connected existing",
  ]
    .join(" ")
    .split(" "),
);

const f = foldText;
/** One tool's name (up to three words) or a list of them ("the hotel, restaurant and car tools"). */
const NAME = "[a-z0-9_.-]+(?: [a-z0-9_.-]+){0,2}";
const NAMES = `${NAME}(?:, ${NAME}){0,3}(?:,? (?:and|or|&) ${NAME})?`;
const TOOL_NOUN = "(?:tools?|servers?|integrations?|connectors?|plugins?)";
/**
 * Names before a tool noun where another tool is used or called, in the Latin-script languages:
 * "with the calendar tool", "through the GitHub tools", "whenever the lock tool is available".
 * "This is the most powerful search tool" describes this one; "before calling mutating tools" (no
 * article) speaks of a kind of tools.
 */
const NAMED_LATIN = new RE2(
  [
    `(?:^|[^a-z0-9_])(?:with|via|through|using|use|call|calling|invoke|invoking|from|by|on|in|into) (?:the|a|an|any|your) (${NAMES}) ${TOOL_NOUN}(?:$|[^a-z0-9_])`,
    `(?:^|[^a-z0-9_])(?:when|whenever|before|after|if|once|while) (?:the|a|an|any|your) (${NAMES}) ${TOOL_NOUN} (?:is|are|was|were|runs?|returns?|gets?|has|have)`,
    "(?:^|[^a-z0-9_])(?:la|las|el|los|con la|con el) herramientas? (?:de )?([a-z0-9_.-]+)",
    "(?:^|[^a-z0-9_])(?:l'|les |des |un |une )outils? (?:de )?([a-z0-9_.-]+)",
    "(?:^|[^a-z0-9_])(?:das|dem|den|des|ein|einem) ([a-z0-9_.-]+)[ -]?(?:werkzeug|tool)",
    "(?:^|[^a-z0-9_])(?:werkzeug|tool) ([a-z0-9_.]+_[a-z0-9_.]+)",
    "(?:^|[^a-z0-9_])(?:a|as|com a|o|os) ferramentas? (?:de |do |da )?([a-z0-9_.-]+)",
    `(?:^|[^a-z0-9_])${f("инструмент")}(?:${f("ом")}|${f("а")}|${f("ы")})? ([a-z0-9_.-]+)`,
  ].join("|"),
  "g",
);
/**
 * Chinese, Japanese and Korean: a tool used by its name ("使用银行工具", "スマートロックのツールで",
 * "캘린더 도구로"). Hangul is matched as the normalizer leaves it, decomposed into its letters.
 */
const NAMED_CJK = new RE2(
  [
    "(?:使用|用|通过|调用|借助)([\\x{4e00}-\\x{9fff}]{1,6})工具",
    // Written folded, as the normalizer leaves kana: "で" loses its voicing mark.
    `([\\x{3040}-\\x{30ff}\\x{4e00}-\\x{9fff}]{1,12})の?ツール(?:${f("で")}|${f("を使")})`,
    `([\\x{1100}-\\x{11ff}]{1,24}) ${f("도구")}(?:${f("로")}|${f("를 사용")}|${f("를 이용")})`,
  ].join("|"),
  "g",
);
/** "This tool" in those languages: its name words end with one of these. */
const CJK_SELF = new RE2(`(?:本|此|该|這|这|這個|这个|この|その|${f("이")}|${f("본")}|${f("해당")})$`);

/** A tool's identifier: words joined by underscores, led by a verb. */
const IDENTIFIER = new RE2("(?:^|[^a-z0-9_])([a-z][a-z0-9]*(?:_[a-z0-9]+)+)(?:$|[^a-z0-9_])", "g");
const TOOL_VERBS = new Set(
  "get list read write create delete remove update send post add invite reserve book search fetch grant set run execute transfer share upload download schedule cancel make open close call query find edit move copy merge push pay sync submit approve assign reply forward publish revoke change reset".split(
    " ",
  ),
);
/** An identifier is a tool's when it is called, used or named as one ("call invite_user_to_slack", "with delete_file", "the read_inbox tool"). */
const CALLED_BEFORE = /(?:call|calls|calling|called|invoke|invoking|run|running|use|using|with|via|through|also|then|by) ['"`]?$/;
const CALLED_AFTER = /^['"`]? (?:tool|function|is called|runs)/;

/** Verbs whose call moves money, access or data, or destroys something: a hijacked call of such a tool is a takeover. */
const SENSITIVE_VERBS = new Set("delete remove invite grant transfer share send post pay forward reserve book publish revoke reset add update change set".split(" "));

export interface ToolReference {
  /** Another tool is named. */
  named: boolean;
  /** A named tool's call moves money, access or data, or destroys something. */
  sensitive: boolean;
}

function foreign(name: string, own: OwnNames): boolean {
  const key = name.replace(/[-.\s]+/g, "_");
  if (SELF.has(key) || own.identifiers.has(key)) return false;
  return !key.split("_").every((w) => w === "" || own.words.has(w) || SELF.has(w));
}

/** Words without which a sentence names no tool: a cheap test that spares the expressions below on most sentences. */
const TOOL_WORDS = ["tool", "server", "_", "integration", "connector", "plugin", "herramienta", "outil", "werkzeug", "ferramenta", f("инструмент"), "工具", "ツール", f("도구")];
export const mayNameTool = (sentence: string) => TOOL_WORDS.some((w) => sentence.includes(w));

/** The other tools a sentence of the clean form names. */
export function namedTools(sentence: string, own: OwnNames): ToolReference {
  let named = false;
  let sensitive = false;
  NAMED_LATIN.lastIndex = 0;
  for (let m = NAMED_LATIN.exec(sentence); m && !named; m = NAMED_LATIN.exec(sentence)) {
    const names = m.slice(1).find((g) => g !== undefined) ?? "";
    named = names.split(/,? (?:(?:and|or|&) )?/).some((n) => n.length > 1 && foreign(n, own));
  }
  NAMED_CJK.lastIndex = 0;
  for (let m = NAMED_CJK.exec(sentence); m && !named; m = NAMED_CJK.exec(sentence)) {
    const words = m[1] ?? m[2] ?? m[3] ?? "";
    named = !CJK_SELF.test(words);
  }
  IDENTIFIER.lastIndex = 0;
  for (let m = IDENTIFIER.exec(sentence); m; m = IDENTIFIER.exec(sentence)) {
    const id = m[1];
    const verb = id.slice(0, id.indexOf("_"));
    if (!TOOL_VERBS.has(verb) || own.identifiers.has(id)) continue;
    const start = m.index + m[0].indexOf(id);
    const end = start + id.length;
    if (!CALLED_BEFORE.test(sentence.slice(Math.max(0, start - 12), start)) && !CALLED_AFTER.test(sentence.slice(end, end + 14))) continue;
    named = true;
    if (SENSITIVE_VERBS.has(verb)) sensitive = true;
    // The identifier's closing edge may be the next one's opening edge: step back onto it.
    IDENTIFIER.lastIndex = m.index + m[0].length - 1;
  }
  return { named, sensitive };
}
