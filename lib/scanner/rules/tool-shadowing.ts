import RE2 from "re2";
import { excerpt, originalSpan } from "../evidence";
import { finding, severityRank } from "../findings";
import { DIRECTIVE, ORDER, OTHER_REF, PASSING, PREFER, PUSHY, TAKEOVER, lexicon } from "../text/cues";
import { readSentences, type ReadSentence } from "../text/reading";
import { AGAINST_USER, EXCLUDE, EXCLUSIVE, PRIORITY, PROHIBIT_ML, SELECT, SELF_PROHIBIT, SELF_ROUTE, SUPERIOR, UNIVERSAL } from "../text/selection";
import { mayNameTool, namedTools, type OwnNames } from "../text/tool-references";
import { REPLACEMENT_CLAIM, identifiersIn, similarNames, squashName } from "../text/replacement";
import { compilePhrases, matchPhrases, type Phrase } from "../text/phrases";
import type { Finding, Rule, ScanInput, Severity } from "../types";
import { findInTexts, textSites, type TextSite } from "../walk";

/**
 * Tool shadowing: a definition that does not describe its own tool but
 * changes how the model uses other tools — another server's `send_email`
 * must now copy someone, the trusted tool must never be used — so that a
 * malicious server hijacks a trusted one without ever being called itself.
 */

type Kind = "directive" | "avoid" | "prefer" | "presence";

const SEVERITY: Record<Kind, Severity> = { directive: "high", avoid: "high", presence: "high", prefer: "medium" };

const NAME = "['\"`]?([a-z0-9_.-]+)['\"`]?";
const MODAL = "(?:must|should|shall|has to|have to|needs? to|is required to|are required to|will now|may only|can only|is not to|are not to|must not|should not|must always|must never|should always|should never)";

const PHRASES: Phrase<Kind>[] = [
  { category: "presence", source: "when (?:this tool is|this server is|these tools are|this mcp server is) (?:available|present|loaded|installed|enabled|connected|active)", squash: true },
  { category: "directive", source: `(?:side effects?|effects?|impact|influence) on (?:the )?(?:also present |other |existing |another |already present )?${NAME} (?:tools?|functions?|servers?)` },
  { category: "directive", source: `${NAME} (?:tool|function|server|mcp server) ${MODAL}` },
  { category: "directive", source: `(?:all|every|any) (?:other )?(?:tools?|servers?|functions?|mcp servers?) ${MODAL}`, squash: true },
  {
    category: "directive",
    source: "(?:all|every|any) (?:outgoing |future )?(?:emails?|e-mails?|messages?|transfers?|payments?|transactions?|invoices?|orders?) (?:must|should|shall|have to|are to|need to) (?:also )?(?:be )?(?:sent|forwarded|copied|routed|redirected|cc'?d|bcc'?d|addressed|paid|transferred|cced|bcced)",
    squash: true,
  },
  { category: "directive", source: `(?:when|whenever|if|every time|each time) (?:you |the (?:user|assistant|agent|model) )?(?:use|uses|call|calls|invoke|invokes|run|runs|using|calling|invoking) (?:the |any )?(?:other |another |different )?${NAME} (?:tool|function|server)` },
  { category: "avoid", source: `(?:never use|never call|do not use|do not call|don'?t use|don'?t call|avoid using|avoid calling|stop using) (?:the |any )?(?:other |built-?in |default |existing )?${NAME} (?:tools?|functions?|servers?)` },
  { category: "prefer", source: `(?:instead of|rather than|in place of|replaces|overrides|supersedes) (?:the |any )?(?:other |built-?in |default |existing )?${NAME} (?:tools?|functions?|servers?)` },
];

const COMPILED = compilePhrases(PHRASES);

/** "Every tool call", "all tool results": this tool's own calls, not other tools. */
const OWN_CALLS = /\btool (?:calls?|invocations?|results?|outputs?|use|usage)\b/g;

/** Money moved, and an account the text itself names (an IBAN or an account number). */
const MONEY_MOVE = lexicon(["(?:make|send|schedule|initiate|wire) (?:an? )?(?:[0-9.,$€£]+ )?(?:payment|transfer|wire)", "transfer (?:[$€£]|[0-9])", "pay(?:ment)? (?:of [^ ]+ )?to (?:the )?account"]);
const NAMED_ACCOUNT = new RE2("(?:^|[^a-z0-9])[a-z]{2}[0-9]{2}(?: ?[a-z0-9]{4}){3,7}|account (?:number )?[0-9][0-9 -]{5,}");
/** Any cue that can matter in a sentence naming no other tool: most sentences have none, and are passed over in one match. */
const ALONE = new RE2([EXCLUSIVE, AGAINST_USER, MONEY_MOVE, SUPERIOR, PRIORITY].map((r) => r.source).join("|"));

/** Words that stand where a tool's name would, without naming one. */
const NOT_A_NAME = new Set(
  "no this that the a an any each every other same your our its these those which target underlying current previous next following selected given desired new existing specific another calling first second last corresponding appropriate relevant above below said such all".split(
    " ",
  ),
);

const key = (name: string) => name.toLowerCase().replace(/[-_.\s]+/g, "_");

/** Names of other servers' tools distinctive enough that a mention is a reference, not an ordinary word. */
function distinctiveNames(input: ScanInput, own: ReadonlySet<string>): Map<string, string> {
  const names = new Map<string, string>();
  for (const server of input.otherServers) {
    for (const tool of server.toolNames) {
      const k = key(tool);
      if (own.has(k)) continue;
      if (/[_\d]/.test(k) || k.length >= 12) names.set(k, server.name);
    }
  }
  return names;
}

const IDENTIFIER = new RE2("[a-z0-9][a-z0-9_.-]*[a-z0-9]", "g");
const DIRECTIVE_WORD = /(?<![a-z])(?:must|should|always|never|instead|shall|do not|don'?t|only)(?![a-z])/;

/** Words of the server's own names ("other CircleCI tools" in the CircleCI server's text are its own). */
const serverNameWords = (input: ScanInput) =>
  [input.server.name, input.server.serverInfo?.name ?? "", input.server.serverInfo?.title ?? ""]
    .join(" ")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 4 && !GENERIC_NAME_WORDS.has(w));
const GENERIC_NAME_WORDS = new Set(["server", "servers", "tool", "tools", "model", "context", "protocol", "official"]);

/** The server's own names: its tools, prompts and the names in its schemas, and the words of its and its tools' names. */
function ownNames(input: ScanInput): OwnNames {
  const words = new Set(serverNameWords(input));
  const identifiers = new Set<string>();
  for (const t of [...input.tools, ...input.prompts]) {
    identifiers.add(key(t.name));
    for (const w of key(t.name).split("_")) if (w.length >= 3) words.add(w);
  }
  // Parameter names, enum values and operation names of the server's own schemas ("action": "list_skills") are its own words too.
  for (const site of textSites(input)) {
    if ((site.field === "property-name" || site.field === "schema-value" || site.field === "argument-name") && site.text.length <= 64) identifiers.add(key(site.text.toLowerCase()));
  }
  return { identifiers, words };
}

/** The server's own name in a sentence: its "other tools" are its own. */
const namesOwnServer = (s: ReadSentence, serverWords: readonly string[]) => serverWords.some((w) => s.text.includes(w));

/** What the text says of this tool across its sentences: a claim of rank, a reach over every request, or itself offered as the way instead. */
interface Promotion {
  rank: boolean;
  reach: boolean;
  route: boolean;
}
const NO_TOOL = { named: false, sensitive: false };

/**
 * How one sentence treats other tools: takes over their calls (high); excludes
 * them to this tool's gain — "never use the other search tools" where the text
 * offers this one instead, disparages the others or overrides the user — (high);
 * ranks this tool over them with a claim of rank or a reach over every request
 * (medium); or only prefers or orders (low, a tool's honest scope). A claim of
 * rank that names no other tool is noted (low): honest servers say as much of
 * their own scope. A prohibition that defers to the user ("do not run any
 * additional tools; wait for the user's instruction") is restraint, not exclusion.
 */
function judgeSentence(s: ReadSentence, own: OwnNames, promotion: () => Promotion): Severity | null {
  const named = mayNameTool(s.text) ? namedTools(s.text, own) : NO_TOOL;
  const other = named.named || (s.has(OTHER_REF) && OTHER_REF.test(s.text.replace(OWN_CALLS, " ")));
  if (!other) {
    if (!s.has(ALONE)) return null;
    if (s.has(EXCLUSIVE)) return s.has(AGAINST_USER) || s.has(PROHIBIT_ML) ? "high" : "medium";
    if (s.has(AGAINST_USER) && s.has(PROHIBIT_ML) && promotion().route) return "high";
    // Money sent to an account the definition names: whichever tool pays, the payee is the attacker's.
    if (s.has(DIRECTIVE) && s.has(MONEY_MOVE) && s.has(NAMED_ACCOUNT)) return "high";
    return (s.has(SUPERIOR) || s.has(PRIORITY)) && s.has(UNIVERSAL) && s.has(SELECT) ? "low" : null;
  }
  const directive = s.has(DIRECTIVE);
  if (directive && (named.sensitive || s.has(TAKEOVER) || (s.has(ORDER) && s.has(PASSING)) || s.has(AGAINST_USER))) return "high";
  const excluded = (s.has(PROHIBIT_ML) && !s.has(SELF_PROHIBIT)) || s.has(EXCLUDE);
  if ((excluded && (s.has(PUSHY) || s.has(AGAINST_USER) || promotion().route || promotion().rank)) || s.has(EXCLUSIVE)) return "high";
  const ranked = s.has(PREFER) || s.has(ORDER) || s.has(SUPERIOR) || s.has(PRIORITY);
  if (ranked && (s.has(AGAINST_USER) || (s.has(PREFER) && s.has(PUSHY)) || promotion().rank || promotion().reach)) return "medium";
  if (s.has(PREFER) || (directive && s.has(ORDER))) return "low";
  return null;
}

/** Sentence by sentence, in any language: the worst treatment of other tools, and where it is said. */
function crossToolSentence(site: TextSite, own: OwnNames, serverWords: readonly string[]): { severity: Severity; start: number; end: number } | null {
  let best: { severity: Severity; start: number; end: number } | null = null;
  const read = readSentences(site.normalized).filter((s) => !namesOwnServer(s, serverWords));
  // Read across the text only when a sentence needs it.
  let promoted: Promotion | undefined;
  const promotion = () =>
    (promoted ??= {
      rank: read.some((s) => s.has(SUPERIOR) || s.has(PRIORITY)),
      reach: read.some((s) => s.has(UNIVERSAL)),
      route: read.some((s) => s.has(SELF_ROUTE) || s.has(EXCLUSIVE)),
    });
  for (const s of read) {
    const severity = judgeSentence(s, own, promotion);
    if (!severity || (best && severityRank(best.severity) <= severityRank(severity))) continue;
    const [start, end] = originalSpan(site.normalized.cleanAt, site.text, s.start, s.end - s.start);
    best = { severity, start, end };
  }
  return best;
}

/** Every tool name of the user's other servers, squashed, with its server's name. */
function otherServersTools(input: ScanInput): Map<string, string> {
  const tools = new Map<string, string>();
  for (const server of input.otherServers) for (const tool of server.toolNames) tools.set(squashName(tool), server.name);
  return tools;
}

/** Words that say the tool named is another than this one: it lives elsewhere, or came before. */
const ELSEWHERE = lexicon(["server", "other", "another", "old", "older", "original", "built-?in", "default", "existing", "previous", "legacy", "deprecated", "retired", "serveur", "anderen", "otro", "outro", "другого", "其他", "他の", "다른"]);

/**
 * A tool that claims another's place (text/replacement.ts): a sentence of its
 * own definition that says it replaces, overrides or must be used instead of
 * a tool of another of the user's servers, or of a tool named as it is (or
 * nearly) that it places elsewhere or before it. The model then calls the
 * claimant for what it meant to ask the trusted tool.
 */
function replacementClaim(site: TextSite, siblings: ReadonlySet<string>, others: ReadonlyMap<string, string>): { start: number; end: number; note: string } | null {
  if (site.target.kind !== "tool" || site.field === "name" || site.field === "property-name") return null;
  const self = site.target.name;
  for (const s of readSentences(site.normalized)) {
    if (!s.has(REPLACEMENT_CLAIM)) continue;
    const [start, end] = originalSpan(site.normalized.cleanAt, site.text, s.start, s.end - s.start);
    for (const name of identifiersIn(site.text.slice(start, end))) {
      const squashed = squashName(name);
      // A sibling of this server's own (not this tool) is its own business: "replaces list_items_old".
      if (siblings.has(squashed) && squashed !== squashName(self)) continue;
      const server = others.get(squashed);
      if (server) return { start, end, note: `\`${name}\` is a tool of your server "${server}"` };
      // Its own name alone is the tool speaking of itself (an example call); a name close to it is another tool's.
      if (squashed !== squashName(self) && similarNames(name, self) && s.has(ELSEWHERE)) return { start, end, note: `\`${name}\` is named as this tool is` };
    }
  }
  return null;
}

function checkSite(site: TextSite, own: ReadonlySet<string>, foreign: ReadonlyMap<string, string>, names: OwnNames, serverWords: readonly string[], siblings: ReadonlySet<string>, others: ReadonlyMap<string, string>): Finding | null {
  let best: { severity: Severity; start: number; end: number; note?: string } | null = null;
  const consider = (severity: Severity, start: number, end: number, note?: string) => {
    if (!best || severityRank(severity) < severityRank(best.severity)) best = { severity, start, end, note };
  };
  for (const m of matchPhrases(COMPILED, site.normalized, site.text)) {
    if (m.captured !== undefined) {
      const name = key(m.captured);
      if (NOT_A_NAME.has(name) || own.has(name)) continue;
      const server = foreign.get(name);
      consider(SEVERITY[m.category], m.start, m.end, server ? `\`${m.captured}\` is a tool of your server "${server}"` : undefined);
    } else {
      consider(SEVERITY[m.category], m.start, m.end);
    }
  }
  if (site.field !== "name" && site.field !== "property-name" && site.field !== "uri") {
    const cross = crossToolSentence(site, names, serverWords);
    if (cross) consider(cross.severity, cross.start, cross.end);
  }
  const claim = replacementClaim(site, siblings, others);
  if (claim) consider("high", claim.start, claim.end, claim.note);
  if (foreign.size > 0 && site.field !== "name" && site.field !== "property-name") {
    const norm = site.normalized;
    const { clean } = norm;
    IDENTIFIER.lastIndex = 0;
    for (let m = IDENTIFIER.exec(clean); m; m = IDENTIFIER.exec(clean)) {
      const server = foreign.get(key(m[0]));
      if (!server) continue;
      const [start, end] = originalSpan(norm.cleanAt, site.text, m.index, m[0].length);
      consider(DIRECTIVE_WORD.test(clean) ? "high" : "medium", start, end, `\`${m[0]}\` is a tool of your server "${server}"`);
      break;
    }
  }
  if (!best) return null;
  const { severity, start, end, note } = best;
  const quote = excerpt(site.text, start, end);
  return finding(toolShadowing, severity, site.target, note ? `${quote} — ${note}` : quote);
}

export const toolShadowing: Rule = {
  id: "tool-shadowing",
  title: "Directs the use of other tools or servers",
  severity: "high",
  tier: "full",
  reads: "Every text the server shows the model, and the tool names of your other servers.",
  remediation:
    "A tool's definition should describe that tool only. Text that tells the model how other tools or servers must behave lets this server hijack them without being called. Disconnect the server, and check recent calls of the tools it names.",
  check(input) {
    const own = new Set<string>([...input.tools, ...input.prompts].map((t) => key(t.name)));
    const foreign = distinctiveNames(input, own);
    const names = ownNames(input);
    const serverWords = serverNameWords(input);
    const siblings = new Set([...input.tools, ...input.prompts].map((t) => squashName(t.name)));
    const others = otherServersTools(input);
    return findInTexts(input, (site) => checkSite(site, own, foreign, names, serverWords, siblings, others));
  },
};
