import { Buffer } from "node:buffer";
import RE2 from "re2";
import { CANARY_RULES } from "./canary-rules";
import { GITLEAKS_ALLOWLIST, GITLEAKS_RULES } from "./gitleaks-rules";
import { isPlaceholder, OWN_SECRET_RULES, type SecretAllowlist, type SecretRule } from "./secret-rules";
import { SECRETLINT_RULES } from "./secretlint-rules";

/**
 * Secrets in one text: gitleaks' ruleset and the project's own rules
 * (secret-rules.ts), read as gitleaks reads its configuration
 * (gitleaks-rules.ts), then secretlint's recommended ruleset
 * (secretlint-rules.ts) and sensitive-canary's (canary-rules.ts), whose
 * findings count only where the rules before them found nothing (the same
 * key is reported once). Each rule's keywords are
 * looked for first, all in one pass (an RE2 set over the lowercased text);
 * only the rules with a keyword found, and those with none, run their
 * expression.
 */

export interface SecretSpan {
  ruleId: string;
  what: string;
  start: number;
  end: number;
}

export const SECRET_RULES: readonly SecretRule[] = [...GITLEAKS_RULES, ...OWN_SECRET_RULES, ...SECRETLINT_RULES, ...CANARY_RULES];
/** The later rulesets' rules: a span of theirs that overlaps one already found is the same key. */
const LATER = new Set<SecretRule>([...SECRETLINT_RULES, ...CANARY_RULES]);

const KEYWORDS = [...new Set(SECRET_RULES.flatMap((r) => r.keywords ?? []))];
const escape = (word: string) => word.replace(/[\\^$.*+?()[\]{}|-]/g, "\\$&");
/** Every keyword as one set: a single pass over a text says which are in it. */
const KEYWORD_SET = new RE2.Set(KEYWORDS.map(escape), "u");
const ALWAYS = SECRET_RULES.filter((r) => !r.keywords?.length);
/** Each keyword's rules (by the keyword's index in the set), in the ruleset's order. */
const RULES_OF_KEYWORD = KEYWORDS.map((k) => SECRET_RULES.filter((r) => r.keywords?.includes(k)));
const ORDER = new Map(SECRET_RULES.map((r, i) => [r, i]));

/** The rules worth running on a text: those with a keyword in it (and those without keywords), in the ruleset's order. */
function rulesFor(text: string): SecretRule[] {
  const found = KEYWORD_SET.match(text.toLowerCase());
  if (!found.length) return ALWAYS;
  const rules = new Set(ALWAYS);
  for (const k of found) for (const rule of RULES_OF_KEYWORD[k]) rules.add(rule);
  return [...rules].sort((a, b) => ORDER.get(a)! - ORDER.get(b)!);
}

/** Shannon entropy in bits a character. */
function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const c of text) counts.set(c, (counts.get(c) ?? 0) + 1);
  const n = [...text].length;
  let bits = 0;
  for (const count of counts.values()) bits -= (count / n) * Math.log2(count / n);
  return bits;
}

function lineAround(text: string, start: number, end: number): string {
  const from = text.lastIndexOf("\n", start - 1) + 1;
  const to = text.indexOf("\n", end);
  return text.slice(from, to === -1 ? text.length : to);
}

/** The character (a whole code point) that ends at `at`. */
const lastChar = (text: string, at: number) => [...text.slice(Math.max(0, at - 2), at)].pop()!;

interface Candidate {
  secret: string;
  match: string;
  line: () => string;
}

function allowed(list: SecretAllowlist, c: Candidate): boolean {
  const target = list.target === "secret" ? c.secret : list.target === "match" ? c.match : c.line();
  const checks: boolean[] = [];
  if (list.regexes.length) checks.push(list.regexes.some((r) => r.test(target)));
  if (list.stopwords.length) {
    const lower = c.secret.toLowerCase();
    checks.push(list.stopwords.some((w) => lower.includes(w)));
  }
  return checks.length > 0 && (list.all ? checks.every(Boolean) : checks.some(Boolean));
}

/** The secret's group: the rule's `secretGroup`, else the first group that matched something, else the whole match. */
function secretGroupOf(rule: SecretRule, m: RegExpExecArray): number {
  if (rule.secretGroup !== undefined) return rule.secretGroup;
  for (let i = 1; i < m.length; i++) if (m[i]) return i;
  return 0;
}

export function secretSpans(text: string): SecretSpan[] {
  const spans: SecretSpan[] = [];
  // Each rule first asks whether it matches the text at all, on one UTF-8 copy made for all of them (the bytes RE2
  // reads a string as): most rules whose keyword a text holds match nothing, and a string given to an expression is
  // copied for each expression, and read with its groups' positions, at about twice the cost (docs/gateways.md).
  let bytes: Buffer | undefined;
  for (const rule of rulesFor(text)) {
    bytes ??= Buffer.from(text, "utf8");
    rule.regex.lastIndex = 0;
    if (!rule.regex.test(bytes)) continue;
    rule.regex.lastIndex = 0;
    for (let m = rule.regex.exec(text); m; m = rule.regex.exec(text)) {
      // A zero-length match must not hold the loop still.
      if (m[0].length === 0) rule.regex.lastIndex++;
      const group = secretGroupOf(rule, m);
      const secret = m[group];
      const [start, end] = m.indices![group]!;
      if (!secret || isPlaceholder(rule, secret)) continue;
      if (rule.notBefore && m.index > 0 && rule.notBefore.test(lastChar(text, m.index))) continue;
      if (rule.notAfter && rule.notAfter.test(text.slice(m.index + m[0].length, m.index + m[0].length + 2))) continue;
      if (rule.entropy !== undefined && entropy(secret) <= rule.entropy) continue;
      const candidate: Candidate = { secret, match: m[0], line: () => lineAround(text, m.index, m.index + m[0].length) };
      const lists = GITLEAKS_ALLOWLIST ? [GITLEAKS_ALLOWLIST, ...(rule.allowlists ?? [])] : (rule.allowlists ?? []);
      if (lists.some((list) => allowed(list, candidate))) continue;
      if (LATER.has(rule) && spans.some((s) => s.start < end && start < s.end)) continue;
      spans.push({ ruleId: rule.id, what: rule.what, start, end });
    }
  }
  return spans;
}
