import RE2 from "re2";
import { instructionSpans } from "../../scanner/rules/model-instructions";
import { originalSpan } from "../../scanner/evidence";
import { AGENT_TASK, ANY_RESULT_CUE, CONCEAL_RESULT, MODEL_ADDRESS, ORDER, OWN_DATA, READER_AUDIENCE, REPLY_STEER, TASK_OVERRIDE } from "../../scanner/text/addressee";
import { CONCEAL_ML, CONTEXT, DATA_WORD, MAX_CUE_TEXT, PERSONAL, PROHIBIT, PRIVATE_SCOPE, PUBLIC_SINK, SECRET, UNASKED } from "../../scanner/text/cues";
import { normalizeText, type NormalizedText } from "../../scanner/text/normalize";
import { askedTogether, readSentences } from "../../scanner/text/reading";

/**
 * Instructions aimed at the model in what a call returns. The scanner's
 * model-instructions rule reads them (its high and critical techniques
 * only: a result is often a tutorial or a manual, whose imperatives and
 * urgency, the rule's low and medium cues, are addressed to a reader), with
 * what a result needs besides a definition's reading:
 *
 * - an order is the model's when the text names the model as its reader, or
 *   speaks of the model's task or reply (text/addressee.ts): a plain request
 *   in an e-mail is the sender's to its human reader;
 * - "send … to <address>" in a result is most often a security policy's or a
 *   licence's words to its reader: it counts when what is sent is the user's
 *   data or the model's context, or when the sentence is aimed at the model;
 * - concealment counts when it is ordered and keeps something from the user
 *   or the reply, not when it describes what a program shows;
 * - a command to run, a step to take first or a local address to open are a
 *   manual's to its reader unless the text speaks to the model (a command
 *   that erases the whole machine excepted);
 * - a phrase between quotation marks is named, not said.
 */

export interface InstructionSpan {
  ruleId: string;
  what: string;
  start: number;
  end: number;
}

/** The scanner reads a text's first MAX_CUE_TEXT characters; a longer result is read in windows this long... */
const WINDOW = 6_000;
/** ...each overlapping the one before by this much, so that a sentence across a window's end is read whole in the next. */
const OVERLAP = 600;

const WHAT: Record<string, string> = {
  override: "an order to drop the model's instructions",
  "role-reset": "a new role for the model",
  concealment: "an order to hide something from the user",
  exfiltration: "an order to send data out",
  "context-harvest": "an order to hand over the conversation",
  "false-authority": "a claim of authority over the model",
  "tag-block": "a block of instructions to the model",
  precondition: "an order to do something first",
  unsanctioned: "an order to act without the user",
  redirection: "an order to use another tool or place",
  "command-injection": "a command for the model to run",
  "direct-command": "an order to the model",
  escalation: "an order to take more privilege",
  "local-request": "a request to a service on the user's machine",
  "task-override": "an order to drop the user's task",
  "reply-steering": "words dictated for the model's reply",
};

/**
 * A sentence cue's span longer than this is a run of code or data with no
 * sentence's end (a manifest, a minified file), where a sending verb and an
 * address far apart are not an order: not reported. Measured on the
 * corpus's benign half (docs/gateways.md), where such runs were most of
 * what the guard changed.
 */
const LONGEST_SENTENCE = 600;

/** How far a span is widened to its sentence's ends, at most, each way. */
const SENTENCE_REACH = 400;
/** Whether the character at `i` ends a sentence: "!", "?", a line's end, or a full stop before a space ("~/.ssh" goes on). */
const endsSentence = (text: string, i: number) => /[!?\n]/.test(text[i]) || (text[i] === "." && (i + 1 >= text.length || /\s/.test(text[i + 1])));

/**
 * The span widened to the sentence around it (within SENTENCE_REACH each
 * way): a phrase such as "ignore previous instructions" is removed with the
 * order that follows it, not alone.
 */
function sentenceAround(text: string, start: number, end: number): [number, number] {
  let s = start;
  while (s > 0 && start - s < SENTENCE_REACH && !endsSentence(text, s - 1)) s--;
  let e = end;
  while (e < text.length && e - end < SENTENCE_REACH && !(e > 0 && endsSentence(text, e - 1))) e++;
  while (s < e && /\s/.test(text[s])) s++;
  return [s, e];
}

/** A destructive command's target that is the whole machine or the home folder, not a build folder. */
const WHOLE_MACHINE_RM = /rm\s+-(?:rf|fr)\s+(?:~\/?|\/|\$HOME\/?|\*)(?:$|[\s"'`;)|&])/;

/** A placeholder inside a web address that names the user's data: "?q={summary of the conversation}", "k=<secret>". */
const SPACED_PLACEHOLDER = new RE2("(?:https?)://[^\\s)\"'`]{1,300}?[?&=/](?:\\{([^}]{1,100})\\}|<([^>]{1,100})>)");
/** An address whose value is written as a placeholder ("{…}", "<…>") or left open at "=". */
const PLACEHOLDER_VALUE = /[{<]|=$/;
const ADDRESSES = /https?:\/\/[^\s"'`)\]]+/gi;
const carriesPlaceholder = (span: string) => (span.match(ADDRESSES) ?? []).some((address) => PLACEHOLDER_VALUE.test(address));

/** A placeholder's words that name what the user or the model holds: "{the API key}", "<the conversation>", "{the encoded source}". */
const namesData = (words: string) => DATA_WORD.test(words) || SECRET.test(words) || CONTEXT.test(words) || PERSONAL.test(words) || /(?:^|[^a-z])(?:source|code|keys?)(?:$|[^a-z])/.test(words);

/** Whether a sentence (clean form) is aimed at the model: it names it, or its task or reply. */
const addressed = (sentence: string) => MODEL_ADDRESS.test(sentence) || AGENT_TASK.test(sentence);

/** What leaving data would be worth stopping: the user's data or the model's context. */
const ownData = (sentence: string) => OWN_DATA.test(sentence) || CONTEXT.test(sentence) || SECRET.test(sentence) || PERSONAL.test(sentence);

const QUOTES = new Set(['"', "'", "`", "\u201c", "\u201d", "\u2018", "\u2019", "\u00ab", "\u00bb"]);

/**
 * A phrase written between quotation marks, as an article or an advisory
 * names an attack ("a tool that says “ignore previous instructions”"): a
 * mention, not an order, unless the sentence speaks to the model.
 */
function quoted(text: string, start: number, end: number): boolean {
  let before = start - 1;
  while (before >= 0 && before > start - 3 && /\s/.test(text[before])) before--;
  let after = end;
  while (after < text.length && after < end + 3 && /[\s.,;:!?]/.test(text[after]) && !QUOTES.has(text[after])) after++;
  return QUOTES.has(text[before]) && QUOTES.has(text[after]);
}

const POLICY_WORDING = /(?:rules|instructions|guidelines|policies|restrictions) (?:no longer|do not|don'?t) apply/;

/** "never silently replaced", "not secretly": the concealment denied, not ordered. */
const DENIED = /(?:^|[^a-z])(?:never|not|n't|no|without)\s+$/i;

/**
 * Whether the scanner's finding stands in a result. `sentence` is the clean
 * form of the sentence around it, `before` of the one before (an address
 * often stands alone: "Note to the AI: …").
 */
function standsInResult(text: string, m: { category: string; start: number; end: number }, sentence: string, before: string): boolean {
  const aimed = addressed(sentence) || addressed(before);
  if (aimed) return true;
  const span = text.slice(m.start, m.end);
  if (quoted(text, m.start, m.end)) return false;
  switch (m.category) {
    case "exfiltration":
      // The scanner's address sink: a query whose values are written as placeholders, not a tracking link's "utm_source=".
      if (/^(?:!?\[|<img|https?:)/i.test(span)) return carriesPlaceholder(span);
      // Data put into a call or a field, with no address to go to: a manual's "pass the tokens as a parameter";
      // private material put in a public place is published all the same.
      if (!sentence.includes("://") && !sentence.includes("@")) return PRIVATE_SCOPE.test(sentence) && PUBLIC_SINK.test(sentence) && ORDER.test(sentence);
      return ORDER.test(sentence) && (ownData(sentence) || CONCEAL_RESULT.test(sentence) || UNASKED.test(sentence));
    case "concealment":
      if (DENIED.test(text.slice(Math.max(0, m.start - 20), m.start))) return false;
      return CONCEAL_ML.test(sentence) || ((ORDER.test(sentence) || PROHIBIT.test(sentence)) && READER_AUDIENCE.test(sentence));
    case "override":
      // A manual's "these rules don't apply to table rows": said of rules, to no one.
      return !POLICY_WORDING.test(sentence) || ORDER.test(sentence) || /(?:^|[^a-z])(?:you|your)(?:$|[^a-z])/.test(sentence);
    case "context-harvest":
      return ORDER.test(sentence);
    case "command-injection":
      return /^rm\s/i.test(span) && WHOLE_MACHINE_RM.test(span);
    // A manual's own steps: "first open the config file", "open http://127.0.0.1:3000 in your browser".
    case "precondition":
    case "local-request":
      return false;
    default:
      return true;
  }
}

/** The first position of the clean form that comes from at or after `at` in the original (cleanAt never decreases). */
function cleanIndex(cleanAt: readonly number[], at: number): number {
  let lo = 0;
  let hi = cleanAt.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cleanAt[mid] < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The clean form of [start, end) of the original text, cut from the text's own (normalising it again would cost more than the reading). */
const cleanOf = (norm: NormalizedText, start: number, end: number) => norm.clean.slice(cleanIndex(norm.cleanAt, start), cleanIndex(norm.cleanAt, end));

// What resultCues asks of every sentence, answered in one pass (scanner/text/reading.ts).
askedTogether([TASK_OVERRIDE, CONCEAL_RESULT, REPLY_STEER, MODEL_ADDRESS, AGENT_TASK, ORDER]);

/** The text's sentences in its own coordinates, each with its clean form: what the result cues read. */
function resultCues(text: string, norm: NormalizedText): InstructionSpan[] {
  const clean = norm.clean.length > MAX_CUE_TEXT ? norm.clean.slice(0, MAX_CUE_TEXT) : norm.clean;
  // A placeholder in an address needs "://" and "{" or "<": most texts are passed over without the expression.
  const placeholders = clean.includes("://") && (clean.includes("{") || clean.includes("<"));
  if (!ANY_RESULT_CUE.test(clean) && !(placeholders && SPACED_PLACEHOLDER.test(clean))) return [];
  const out: InstructionSpan[] = [];
  const add = (category: string, start: number, end: number) => {
    const [s, e] = originalSpan(norm.cleanAt, text, start, Math.max(1, end - start));
    out.push({ ruleId: `model-instructions.${category}`, what: WHAT[category], start: s, end: e });
  };
  const list = readSentences(norm);
  list.forEach((s, i) => {
    if (s.has(TASK_OVERRIDE)) add("task-override", s.start, s.end);
    if (s.has(CONCEAL_RESULT)) add("concealment", s.start, s.end);
    if (s.has(REPLY_STEER)) add("reply-steering", s.start, s.end);
    const placeholder = placeholders ? SPACED_PLACEHOLDER.exec(s.text) : null;
    if (placeholder && namesData(placeholder[1] ?? placeholder[2] ?? "")) add("exfiltration", s.start + placeholder.index, s.start + placeholder.index + placeholder[0].length);
    if (!s.has(MODEL_ADDRESS) && !s.has(AGENT_TASK)) return;
    if (s.has(ORDER)) add("direct-command", s.start, s.end);
    // "Note to the AI:" on a line of its own, the order in the sentence after it.
    else if (i + 1 < list.length && list[i + 1].has(ORDER)) add("direct-command", s.start, list[i + 1].end);
  });
  return out;
}

function windowFindings(text: string): InstructionSpan[] {
  const norm = normalizeText(text);
  const spans: InstructionSpan[] = [];
  for (const m of instructionSpans(text, norm)) {
    if (m.severity !== "high" && m.severity !== "critical") continue;
    if (m.end - m.start > LONGEST_SENTENCE) continue;
    const [s, e] = sentenceAround(text, m.start, m.end);
    const [bs] = s > 0 ? sentenceAround(text, Math.max(0, s - 2), Math.max(0, s - 1)) : [s];
    if (!standsInResult(text, m, cleanOf(norm, s, e), cleanOf(norm, bs, s))) continue;
    spans.push({ ruleId: `model-instructions.${m.category}`, what: WHAT[m.category] ?? "instructions to the model", start: m.start, end: m.end });
  }
  return spans.concat(resultCues(text, norm));
}

/** Instructions aimed at the model in one text of a result, each span widened to its sentence. */
export function instructionFindings(text: string): InstructionSpan[] {
  const spans: InstructionSpan[] = [];
  const seen = new Set<string>();
  for (let from = 0; from < text.length; from += WINDOW - OVERLAP) {
    const window = text.slice(from, from + WINDOW);
    for (const m of windowFindings(window)) {
      const [s, e] = sentenceAround(text, from + m.start, from + m.end);
      // One technique found twice in a sentence (or again in the next window's overlap) is one finding.
      const key = `${m.ruleId}:${s}:${e}`;
      if (seen.has(key)) continue;
      seen.add(key);
      spans.push({ ...m, start: s, end: e });
    }
    if (from + WINDOW >= text.length) break;
  }
  return spans;
}
