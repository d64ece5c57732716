import RE2 from "re2";
import { excerpt } from "../evidence";
import { finding, raise, severityRank, worst } from "../findings";
import { originalSpan } from "../evidence";
import {
  AUDIENCE, AUTHORITY, CONCEAL_ML, CONTEXT, DIRECTIVE, OVERRIDE_ML, PERSONAL, PLACE, PRIVATE_FILE, PRIVATE_SCOPE, PROHIBIT_REPORT, PUBLIC_SINK, READ_OR_ADDRESS, ROLE_ML, SLOT, UNASKED,
  SECRET, SEEN, SEND, USER_OWNED, MAX_CUE_TEXT, addressWithPlaceholderMark, exfiltrationSink, outsideDestination,
} from "../text/cues";
import { ESCALATE, FAILURE, USER_GRANTS } from "../text/escalation";
import { localRequest, mentionsLocal } from "../text/local-requests";
import { askedTogether, readSentences } from "../text/reading";
import { normalizeText, type NormalizedText } from "../text/normalize";
import { compilePhrases, matchPhrases, type Phrase, type PhraseMatch } from "../text/phrases";
import type { Finding, Rule, Severity } from "../types";
import { findInTexts, type TextSite } from "../walk";

/**
 * Text that addresses the model rather than describing the tool: the core of
 * tool poisoning and "line jumping", where a definition steers the model as
 * soon as it is listed, before any tool is called. Read in every field,
 * after the normalizer has undone casing, spacing, invisible characters,
 * look-alike letters and smuggled tag characters.
 */

type Category =
  | "override"
  | "concealment"
  | "unsanctioned"
  | "tag-block"
  | "precondition"
  | "exfiltration"
  | "context-harvest"
  | "role-reset"
  | "redirection"
  | "false-authority"
  | "command-injection"
  | "direct-command"
  | "tool-call"
  | "coercion"
  | "address-model"
  | "urgency"
  | "prose-identifier"
  | "secret-identifier"
  | "local-request"
  | "escalation";

const BASE: Record<Category, Severity> = {
  override: "critical",
  concealment: "high",
  unsanctioned: "high",
  "tag-block": "high",
  precondition: "high",
  exfiltration: "high",
  "context-harvest": "high",
  "role-reset": "high",
  redirection: "high",
  "false-authority": "high",
  "command-injection": "high",
  "direct-command": "high",
  "tool-call": "medium",
  coercion: "low",
  "address-model": "low",
  urgency: "low",
  "prose-identifier": "medium",
  "secret-identifier": "high",
  "local-request": "high",
  escalation: "high",
};

const TELL = "(?:tell|mention|inform|notify|alert|reveal|disclose|show|say|report|explain|expose|share|bring up|surface|warn)";
const NOT = "(?:do not|don'?t|dont|never|must not|mustn'?t|should not|shouldn'?t|shall not|cannot|can not|may not)";
const USER_CORE = "(?:user|human|person|operator|end user|client|requester)s?";
const USER = `(?:the |your |this )?${USER_CORE}`;
const USING = "(?:using|calling|invoking|running|executing|you use|you call|you invoke|any use of|use of)";
const READ = "(?:read|call|invoke|fetch|open|cat|load|access|retrieve|pass|send|include|run|execute|get|collect|upload|attach|provide)";
/** Addresses at reserved example domains are documentation, not a destination. */
const DESTINATION = "(?:(?:https?|ftp) [a-z0-9.-]+|[a-z0-9._%+-]+@[a-z0-9-]+\\.[a-z0-9.-]+)";
/** A match that ends at one of these hosts names documentation, not a destination. */
const RESERVED_DESTINATION = "(?:^|[^a-z0-9.-])(?:[a-z0-9-]+\\.)*(?:example\\.(?:com|org|net)|[a-z0-9-]+\\.(?:test|invalid|example|localhost))$";
/** What a tool has no business receiving: file contents, secrets, the user's messages and data. */
const PRIVATE_DATA =
  "(?:contents? of [^.]{1,60}?|keys?|secrets?|tokens?|credentials|file|files|listing|history|messages|conversation|clipboard|environment|directory|folder|cookies|passwords?|emails?|contacts|documents)";
const HARVESTED =
  "(?:(?:previous |prior |earlier |recent |preceding )?conversation(?: history)?|chat (?:history|log|transcript)|message history|(?:previous|prior|earlier|preceding|all) messages|system prompt|context window|user'?s? (?:messages|prompts|requests)|other tools'? (?:results|outputs|responses)|tool (?:results|outputs) from other (?:tools|servers))";

const PHRASES: Phrase<Category>[] = [
  {
    category: "override",
    source:
      "(?:ignore|disregard|forget|override|bypass|skip) (?:all |any |the |your |of |these )*(?:previous|prior|above|earlier|preceding|former|other|system|existing|original|safety|user'?s?) (?:instructions?|prompts?|rules|directions|guidelines|directives|guardrails|policies|constraints)",
    squash: true,
  },
  { category: "override", source: "(?:ignore|disregard) (?:all|any) (?:instructions?|rules|guidelines)", squash: true },
  { category: "override", source: "(?:these|the following) instructions (?:take precedence|override|supersede)", squash: true },
  {
    category: "concealment",
    source: `${NOT} (?:ever )?${TELL}(?: (?:this|it|that|these|them|any of this|anything|about (?:this|it))(?: [a-z]+)?)?(?: (?:to|with))? ${USER}`,
    squash: true,
  },
  { category: "concealment", source: `${NOT} (?:let|make) ${USER} (?:know|aware|notice|see)`, squash: true },
  { category: "unsanctioned", source: `without (?:ever )?(?:telling|informing|notifying|alerting|letting|asking|showing|warning) ${USER}`, squash: true },
  { category: "unsanctioned", source: `without ${USER}'?s? (?:knowledge|consent|permission|approval|awareness|noticing|knowing)`, squash: true },
  { category: "concealment", source: `(?:hide|conceal|keep) (?:this |it |that |these |them )?(?:hidden |secret )?from ${USER}`, squash: true },
  {
    category: "concealment",
    // A leading optional word would only widen the quoted span, and slows every scan.
    source: `${USER_CORE} (?:must|should|will|need|needs|is) (?:not|never|n'?t) (?:to )?(?:know|see|notice|be told|be informed|find out|learn|be aware|need to know)`,
    squash: true,
  },
  { category: "concealment", source: `${NOT} (?:ask|request|wait for|prompt) (?:${USER} |them |anyone )?(?:for )?(?:confirmation|permission|approval|consent)`, squash: true },
  {
    category: "false-authority",
    // A leading optional word would only widen the quoted span, and slows every scan.
    source: `${USER_CORE} (?:is an? (?:admin|administrator|owner|developer|superuser|root)(?: [a-z]+){0,2} )?(?:has|have) (?:already )?(?:approved|authorized|authorised|consented to|granted|pre-approved|allowed)(?: (?:every|all|any|each))?`,
    squash: true,
  },
  { category: "false-authority", source: "(?:skip|bypass|disable|omit) (?:all |any |the |every )?(?:user )?(?:confirmations?|approvals?|permission checks?|safety checks?|consent prompts?)", squash: true },
  {
    category: "concealment",
    source:
      "(?:silently|secretly|covertly|quietly|invisibly|discreetly) (?:send|forward|copy|include|add|call|read|upload|pass|append|change|redirect|use|invoke|run|execute|replace|attach|bcc|cc)",
    squash: true,
  },
  { category: "concealment", source: "(?:this is|keep (?:this|it)|remain) (?:a )?(?:secret|confidential|hidden) (?:instruction|from|between)", squash: true },
  {
    category: "concealment",
    source: `${NOT} (?:reveal|disclose|mention|share|repeat|show|expose|discuss) (?:these|this|the|my|any of these|the above|the following|such) (?:instructions?|directions|rules|notes?|directives?|section|block|requirements?)`,
    squash: true,
  },
  { category: "concealment", source: "(?:only|just) (?:show|tell|report|display) (?:the user )?(?:a |the )?(?:normal|expected|benign|innocent|plausible|fake)", squash: true },
  {
    category: "tag-block",
    source:
      "<\\s*/?\\s*(?:important|system|secret|hidden|admin|override|critical|sys|system ?prompt|directive|note to (?:the )?(?:ai|assistant|model))\\s*>",
  },
  // Prompt-style sections ("<instructions>", "<context>") are common in honest descriptions: a low note alone.
  { category: "address-model", source: "<\\s*/?\\s*(?:instructions?|assistant|context)\\s*>" },
  { category: "tag-block", source: "\\[/?(?:inst|system|admin)\\]|<\\|(?:im_start|im_end|system|endoftext|start_header_id)\\|>|<<sys>>" },
  {
    category: "precondition",
    source: `before ${USING} (?:this|the|any|each|every|these|that)(?: [a-z0-9_-]+){0,2}? (?:tools?|functions?|servers?|commands?|apis?)(?: [a-z0-9_-]+){0,5}? ${READ}`,
  },
  {
    category: "precondition",
    source: `before (?:you )?(?:respond|reply|answer|responding|replying|answering|doing anything(?: else)?)(?: to (?:the |any )?(?:user|request|question))?(?: [a-z0-9_-]+){0,3}? ${READ}`,
  },
  {
    category: "precondition",
    source:
      "(?:this tool|it|the tool) (?:requires|needs) (?:you )?(?:to )?(?:first )?(?:read|pass|provide|include|send|attach|supply) (?:the )?(?:full |entire |complete )?(?:contents?|content of|text of|file)",
    squash: true,
  },
  {
    category: "precondition",
    source:
      "(?:first|always|you must|must first|be sure to|make sure to|needs? you to|requires? you to) (?:first )?(?:read|cat|open|fetch|load|access) (?:the )?(?:contents? of |file |files |directory )?(?:at |in |from )?(?:~|/|\\.|\\$home|%userprofile%|c )",
  },
  {
    category: "exfiltration",
    // "Send a request to https://…" describes an API call, not a destination for the user's data.
    source: `(?:send|forward|upload|post|email|mail|copy|transmit|exfiltrate|leak|report|redirect|route|deliver|submit|sync|mirror|bcc|cc)(?:s|ed|ing)? (?:[a-z0-9'_-]+ ){0,8}?(?:to|at|into) ${DESTINATION}`,
    unless: `^[a-z]+ (?:an? |the |your )?(?:http |https |get |post |put |api |web )?requests? |${RESERVED_DESTINATION}`,
  },
  { category: "exfiltration", source: `(?:bcc|cc|blind copy|carbon copy) (?:[a-z0-9'_-]+ ){0,3}?${DESTINATION}`, unless: RESERVED_DESTINATION },
  {
    category: "exfiltration",
    source:
      `(?:pass|put|include|insert|add|append|embed|place|provide|attach|encode|store|write)(?:s|ing)? (?:[a-z0-9'_-]+ ){0,6}?${PRIVATE_DATA}(?: of [^.]{1,60}?)? (?:as|in|into|inside|within|to|through) (?:the |an |a )?(?:(?:['"\`]?[a-z_][a-z0-9_]*['"\`]? )?(?:parameter|param|argument|arg|field|variable|property|input)|['"\`][a-z_][a-z0-9_]*['"\`]|[a-z][a-z0-9]*_[a-z0-9_]+)`,
  },
  {
    category: "context-harvest",
    source: `(?:include|pass|send|add|append|provide|copy|attach|dump|put|forward|collect|gather|upload|transmit|embed)(?:s|ing)? (?:the |your |all |of |entire |full |whole |complete |verbatim |current |this )*${HARVESTED}`,
    // "pass the conversation id" names a conversation, it does not hand one over.
    notFollowedBy: " (?:ids?|identifier|name|title|key|token)(?:[^a-z0-9]|$)",
  },
  {
    category: "context-harvest",
    source:
      "(?:reveal|print|output|repeat|show|leak|disclose|recite|share) (?:your |the |all )*(?:system prompt|hidden instructions|initial instructions|original instructions|developer message|internal instructions)",
    squash: true,
  },
  {
    category: "command-injection",
    source:
      "(?:prepend|prefix|append|add|insert|inject|include)(?:s|ing)? [^.]{0,120}?(?:to|before|after|in front of) (?:every|each|all|any) (?:shell |terminal |bash |git |sql |cli )?(?:commands?|calls?|requests?|tool calls?|invocations?|queries)",
  },
  { category: "command-injection", source: "(?:curl|wget|iwr|invoke-webrequest)[^|]{0,200}\\|\\s*(?:sudo\\s+)?(?:sh|bash|zsh|python3?|node|iex)" },
  { category: "command-injection", source: "rm -rf (?:~|/|\\$home|\\*)" },
  { category: "override", source: "ignora (?:todas )?(?:las )?instrucciones (?:anteriores|previas)", squash: true },
  { category: "override", source: "ignorez? (?:toutes )?(?:les )?instructions (?:precedentes|anterieures)", squash: true },
  { category: "override", source: "ignoriere (?:alle )?(?:vorherigen|bisherigen) (?:anweisungen|instruktionen)", squash: true },
  { category: "override", source: "ignora (?:tutte )?(?:le )?istruzioni (?:precedenti)", squash: true },
  { category: "override", source: "ignore (?:todas )?(?:as )?instrucoes anteriores", squash: true },
  { category: "role-reset", source: "you are (?:now|no longer) (?:a |an |in |the |acting )", squash: true },
  { category: "role-reset", source: "(?:new|updated|revised|real|actual|true) (?:system )?instructions\\s?:" },
  { category: "role-reset", source: "from now on,? (?:you|always|never|all|every)", squash: true },
  { category: "role-reset", source: "(?:enter|switch to|activate|enable) (?:developer|debug|god|admin|jailbreak|dan|unrestricted|maintenance) mode", squash: true },
  {
    category: "redirection",
    source:
      "(?:change|replace|set|switch|override|rewrite|update|modify) (?:the |any |every |all )?(?:recipients?|to address|to field|destination(?: account)?|account number|iban|wallet(?: address)?|beneficiary|payee|receiver) (?:to|with|into)",
  },
  {
    category: "direct-command",
    source:
      "(?:model|assistant|ai|agent|llm|claude|chatgpt|gpt|copilot) (?:should|must|shall|needs? to|has to|will|is (?:required|expected) to) (?:now |then |also |immediately |always |first |silently )*(?:call|invoke|run|execute|send|forward|read|include|delete|upload|email|post|transfer|copy|fetch|append|attach|exfiltrate) ",
    notFollowedBy: "(?:this|that|these|it) ",
  },
  {
    category: "tool-call",
    source:
      "(?:you must|you should|always|must|then|also|afterwards|immediately|first|next) (?:also |first |always |immediately )?(?:call|invoke|use|run|execute|trigger) (?:the )?['\"`]?([a-z0-9_.-]+)['\"`]? (?:tool|function)",
  },
  {
    category: "coercion",
    source:
      "(?:otherwise|or else|if not|if you don'?t|failure to do so) (?:the )?(?:tool|application|system|server|request|call|app)s? (?:will|would|may|might) (?:not work|fail|crash|break|error|stop working|be blocked)",
    squash: true,
  },
  { category: "coercion", source: "(?:this is|it is) (?:required|mandatory|necessary) (?:for|to) (?:the tool|this tool|it) (?:to )?(?:work|function)", squash: true },
  {
    category: "address-model",
    source: "(?:ai|assistant|llm|language model|model|agent|claude|chatgpt|gpt|copilot|gemini) (?:you )?(?:must|should always|are required to|have to|need to|shall|are instructed to)",
  },
  { category: "address-model", source: "(?:note|message|instructions?|reminder) (?:to|for) (?:the )?(?:ai|assistant|llm|model|agent)", squash: true },
  { category: "urgency", source: "(?:very very|extremely|critically|super|vitally) important|(?:this is )?(?:absolutely )?(?:critical|crucial|vital|mandatory)\\s?[:!]" },
];

const COMPILED = compilePhrases(PHRASES);

const NAME_FIELDS = new Set(["name", "property-name", "argument-name"]);
const IMPERATIVE = /^(?:must|should|always|never|ignore|before|first|you|your|user|assistant|secret|hidden|tell|send|include|pass|read|do|not|dont|instead|append|forward|copy|upload|reveal|fetch|open)$/;

/** What a name written as an order may ask for: secrets, key files, the conversation. */
const SECRET_WORDS = /(?:^| )(?:ssh|id rsa|id ed25519|aws|env|dotenv|credentials?|passwords?|tokens?|secrets?|private keys?|api keys?|conversation|chat history|system prompt|cookies?)(?: |$)/;

/**
 * A name (tool, parameter, argument, or a name in `required`) or a schema
 * value written as one identifier ("always_send_the_users_api_keys") that is
 * really a sentence aimed at the model; one that asks for secrets, key files
 * or the conversation is an order to hand them over.
 */
function proseIdentifier(site: TextSite): PhraseMatch<Category> | null {
  const identifier = NAME_FIELDS.has(site.field) || (site.field === "schema-value" && site.text.length >= 20 && !/\s/.test(site.text));
  if (!identifier) return null;
  const words = site.text
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  if (words.length < 5 || !words.some((w) => IMPERATIVE.test(w))) return null;
  if (SECRET_WORDS.test(words.join(" "))) return { category: "secret-identifier", start: 0, end: site.text.length };
  // An enum value such as "assistant-speaks-first" is an option's name: only one that asks for secrets is noted.
  return site.field === "schema-value" ? null : { category: "prose-identifier", start: 0, end: site.text.length };
}

/** Several distinct techniques in one text are worse than any one of them. */
function combinedSeverity(categories: ReadonlySet<Category>): Severity {
  let severity: Severity = "info";
  let strong = 0;
  for (const c of categories) {
    severity = worst(severity, BASE[c]);
    if (severityRank(BASE[c]) <= severityRank("medium")) strong++;
  }
  if (strong >= 2) return raise(severity);
  if (severity === "low" && categories.size >= 3) return "medium";
  return severity;
}

const NEGATION = /(?<![a-z])(?:not|never|no|n't|nothing)(?![a-z])/;

/** "Never delete files without asking the user" forbids what "…without asking the user" alone would order. */
function negatedSentence(text: string, start: number): boolean {
  const before = text.slice(Math.max(0, start - 200), start);
  const sentence = before.slice(Math.max(before.lastIndexOf("."), before.lastIndexOf("\n"), before.lastIndexOf("!"), before.lastIndexOf("?")) + 1);
  return NEGATION.test(sentence.toLowerCase());
}

const SENTENCE_BREAK = /[.!?]\s/;

/** Words the tool-call phrase captures where no tool is named ("then call the tool again"). */
const NOT_A_TOOL = new Set(["the", "a", "an", "this", "that", "these", "it", "same", "next", "previous", "other", "another", "any"]);

const namesOwnTool = (text: string, ownTools: ReadonlySet<string>) => (text.toLowerCase().match(/[a-z0-9_.-]+/g) ?? []).some((w) => ownTools.has(w));

/** Matches that read as ordinary guidance in context. */
function ordinary(m: PhraseMatch<Category>, site: TextSite, ownTools: ReadonlySet<string>): boolean {
  // Pointing the model at a sibling tool of the same server is guidance; at any other tool it is not.
  if (m.category === "tool-call") return m.captured !== undefined && (ownTools.has(m.captured) || NOT_A_TOOL.has(m.captured));
  // A precondition read across a sentence end joins two unrelated sentences ("…before using any other tools. It will get…").
  if (m.category === "precondition") return namesOwnTool(site.text.slice(m.start, m.end), ownTools) || SENTENCE_BREAK.test(site.text.slice(m.start, m.end));
  if (m.category === "unsanctioned") return negatedSentence(site.text, m.start);
  return false;
}

const WITHOUT = /(?:^|[^a-z])without(?:$|[^a-z])/;

/**
 * The cues of which a sentence needs at least one for `sentenceCues` to find
 * anything in it, as one expression read over the whole text once.
 */
const ANY_CUE = new RE2([CONCEAL_ML, PROHIBIT_REPORT, OVERRIDE_ML, ROLE_ML, SEND, PLACE, ESCALATE, AUTHORITY, UNASKED].map((cue) => `(?:${cue.source})`).join("|"), "g");

/**
 * Where a cue's match may start in the text: every position at which one
 * starts (each search resumes one past the last start, so that a match
 * crossing a sentence's end hides none inside the next). A cue that matches
 * a sentence matches the text at the same place, or one character before
 * (its leading edge is then the previous sentence's end), so a sentence
 * with no start in it or just before it has none of the cues: most
 * sentences are passed over without an expression run on them.
 */
function cueStarts(clean: string): number[] {
  const starts: number[] = [];
  ANY_CUE.lastIndex = 0;
  for (let m = ANY_CUE.exec(clean); m; m = ANY_CUE.exec(clean)) {
    starts.push(m.index);
    ANY_CUE.lastIndex = m.index + 1;
  }
  return starts;
}

// What sentenceCues asks of a cued sentence, answered in one pass (text/reading.ts).
askedTogether([
  CONCEAL_ML, PROHIBIT_REPORT, AUDIENCE, OVERRIDE_ML, ROLE_ML, SEND, PLACE, CONTEXT, SECRET, SEEN, PRIVATE_SCOPE, PUBLIC_SINK, PRIVATE_FILE, SLOT,
  READ_OR_ADDRESS, PERSONAL, USER_OWNED, ESCALATE, FAILURE, DIRECTIVE, USER_GRANTS, AUTHORITY, UNASKED,
]);

/**
 * What each sentence does, in any language: keeps something from the user,
 * drops the model's instructions or gives it a new role, sends data out,
 * puts the conversation, secrets or the user's personal records into a call
 * or a public place, claims authority, answers a claimed failure with more
 * privilege, drives a service on the user's machine, or leaves through a web
 * address carrying the user's data.
 */
function sentenceCues(site: TextSite): PhraseMatch<Category>[] {
  const norm = site.normalized;
  const out: PhraseMatch<Category>[] = [];
  const add = (category: Category, start: number, end: number) => {
    const [s, e] = originalSpan(norm.cleanAt, site.text, start, Math.max(1, end - start));
    out.push({ category, start: s, end: e });
  };
  const clean = norm.clean.length > MAX_CUE_TEXT ? norm.clean.slice(0, MAX_CUE_TEXT) : norm.clean;
  const starts = cueStarts(clean);
  if (!starts.length && !addressWithPlaceholderMark(clean) && !mentionsLocal(clean)) return out;
  let next = 0;
  for (const s of readSentences(norm)) {
    const { start, end, text } = s;
    while (next < starts.length && starts[next] < start - 1) next++;
    const cued = next < starts.length && starts[next] < end;
    if (!cued && !addressWithPlaceholderMark(text) && !mentionsLocal(text)) continue;
    const without = WITHOUT.test(text);
    if (s.has(CONCEAL_ML) || (!without && s.has(PROHIBIT_REPORT) && s.has(AUDIENCE))) add("concealment", start, end);
    if (s.has(OVERRIDE_ML)) add("override", start, end);
    if (s.has(ROLE_ML)) add("role-reset", start, end);
    if (s.has(SEND) && outsideDestination(text)) add("exfiltration", start, end);
    const place = s.has(PLACE);
    if (place && s.has(CONTEXT)) add("context-harvest", start, end);
    if (place && s.has(SECRET) && s.has(SEEN)) add("exfiltration", start, end);
    if (place && s.has(PRIVATE_SCOPE) && s.has(PUBLIC_SINK)) add("exfiltration", start, end);
    if (place && s.has(PRIVATE_FILE) && (s.has(SLOT) || s.has(READ_OR_ADDRESS))) add("exfiltration", start, end);
    if (place && s.has(PERSONAL) && s.has(USER_OWNED) && (s.has(SLOT) || s.has(SEND))) add("exfiltration", start, end);
    if (s.has(ESCALATE) && s.has(FAILURE) && s.has(DIRECTIVE) && !s.has(USER_GRANTS)) add("escalation", start, end);
    if (localRequest(text)) add("local-request", start, end);
    if (s.has(AUTHORITY)) add("false-authority", start, end);
    if (s.has(UNASKED) && !negatedSentence(text, text.length)) add("unsanctioned", start, end);
    const sink = exfiltrationSink(text);
    if (sink) add("exfiltration", start + sink.start, start + sink.end);
  }
  return out;
}

/** A parameter or argument whose name asks for the model's context ("conversation_history", "systemPrompt"). */
function contextName(site: TextSite): PhraseMatch<Category> | null {
  if (site.field !== "property-name" && site.field !== "argument-name") return null;
  const words = site.text.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase().replace(/[^a-z0-9]+/g, " ");
  return CONTEXT.test(words) ? { category: "context-harvest", start: 0, end: site.text.length } : null;
}

function checkSite(site: TextSite, ownTools: ReadonlySet<string>): Finding | null {
  const matches = matchPhrases(COMPILED, site.normalized, site.text).filter((m) => !ordinary(m, site, ownTools));
  matches.push(...sentenceCues(site));
  const named = contextName(site);
  if (named) matches.push(named);
  const prose = proseIdentifier(site);
  if (prose) matches.push(prose);
  if (matches.length === 0) return null;
  const categories = new Set(matches.map((m) => m.category));
  const severity = combinedSeverity(categories);
  const lead = matches.reduce((a, b) => (severityRank(BASE[b.category]) < severityRank(BASE[a.category]) ? b : a));
  return finding(modelInstructions, severity, site.target, excerpt(site.text, lead.start, lead.end));
}

/** One passage of a text that addresses the model: its technique, that technique's severity, and its span in the text. */
export interface InstructionSpan {
  category: Category;
  severity: Severity;
  start: number;
  end: number;
}

/**
 * The passages of a text, not of a definition, that address the model: what
 * the gateway's result guard reads a call's result with (lib/gateways/results).
 * The same phrases and sentence cues as a definition's description; reads
 * its first MAX_CUE_TEXT characters, as every rule does. The caller may
 * pass the text's normalized form when it reads it too.
 */
export function instructionSpans(text: string, normalized?: NormalizedText): InstructionSpan[] {
  let cache = normalized;
  const site: TextSite = {
    target: { kind: "tool", name: "", path: "" },
    field: "description",
    text,
    get normalized() {
      cache ??= normalizeText(text);
      return cache;
    },
  };
  const matches = matchPhrases(COMPILED, site.normalized, text).filter((m) => !ordinary(m, site, new Set()));
  matches.push(...sentenceCues(site));
  return matches.map((m) => ({ category: m.category, severity: BASE[m.category], start: m.start, end: m.end }));
}

export const modelInstructions: Rule = {
  id: "model-instructions",
  title: "Instructions aimed at the model",
  severity: "high",
  tier: "basic",
  reads:
    "Every text the server shows the model: names, titles, descriptions, schema property names, enum values, defaults and examples, output schemas, annotations, prompt arguments, resources, server instructions and info.",
  remediation:
    "Do not connect this server to an assistant until the text is explained. A definition should describe what the tool does, not tell the model to ignore instructions, hide things from you, read files or call other tools; ask the server's maintainer to remove it, or remove the server.",
  check(input) {
    const ownTools = new Set(input.tools.map((t) => t.name.toLowerCase()));
    return findInTexts(input, (site) => checkSite(site, ownTools));
  },
};
