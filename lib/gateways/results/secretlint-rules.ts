import { rules as presetRules } from "@secretlint/secretlint-rule-preset-recommend";
import RE2 from "re2";
import type { SkippedRule } from "./gitleaks-rules";
import type { SecretRule } from "./secret-rules";

/**
 * secretlint's recommended ruleset (MIT, © azu), the second published
 * ruleset beside gitleaks' (gitleaks-rules.ts): the
 * `@secretlint/secretlint-rule-preset-recommend` package's rules, whose
 * expressions are read from the package when the service starts. A
 * secretlint rule is code that runs `source.content.matchAll(expression)`;
 * each is run once here on a stand-in source that records the expressions
 * it is given and matches nothing, so no expression is written in the
 * project and updating the package updates them. Each is then compiled on
 * RE2 (time linear in the text), as gitleaks' are (docs/gateways.md, "The
 * secrets ruleset"):
 *
 * - secretlint bounds a token by lookarounds, which RE2 has not: a leading
 *   `(?<!X)` and a trailing `(?!X)` are taken off the expression and checked
 *   on the character before and after the match (for a run of one class
 *   bounded by the same class, as each of them is, that is what the lookaround
 *   says); any other lookaround makes the expression one RE2 cannot compile,
 *   and the rule is left out with that reason;
 * - the secret is the whole match, as secretlint reports it;
 * - the literal text every match starts with (`figd_`, `tskey-`) is the
 *   rule's keyword for the prefilter, taken from the expression; an
 *   expression that starts with no literal runs on every text;
 * - a key that gitleaks' rules or the project's own already report is
 *   reported once (secret-scan.ts keeps the first span).
 *
 * Left out, each with its reason in `SECRETLINT_SKIPPED`: what is not a
 * secret (secretlint's comment directives), and the rules whose precision is
 * in code beyond their expression (a URL's or a connection string's
 * password: secretlint checks for placeholders and variables in code this
 * reading does not carry, and the project's `url-password` rule reads them
 * with its own placeholders).
 */

const LEFT_OUT: Record<string, string> = {
  "filter-comments": "secretlint's own comment directives, not a secret",
  basicauth: "its placeholder checks are code, not its expression; the project's url-password rule reads a URL's password",
  "database-connection-string": "its placeholder checks are code, not its expression, and its expression takes a URL without a password; the project's url-password rule reads connection strings",
};

const PREFIX = "@secretlint/secretlint-rule-";

interface PresetRule {
  meta: { id: string };
  create(context: unknown, options: unknown): { file?: (source: unknown) => void };
}

/** The expressions a rule gives `source.content.matchAll`, read by running it on a source that records them. */
function expressionsOf(rule: PresetRule): RegExp[] {
  const seen: RegExp[] = [];
  const content = new Proxy(
    {},
    {
      get(_, prop) {
        if (prop === "matchAll") return (re: RegExp) => (seen.push(re), [][Symbol.iterator]());
        if (prop === "length") return 0;
        if (prop === Symbol.toPrimitive || prop === "toString") return () => "";
        return undefined;
      },
    },
  );
  const context = { createTranslator: () => () => "", report() {}, registerRule() {} };
  rule.create(context, {}).file?.({ content, filePath: "result.txt", ext: ".txt", contentType: "text" });
  return seen;
}

const LEADING = /^\(\?<!((?:\\.|\[(?:\\.|[^\]\\])*\]|[^()\\[])+)\)/;
const TRAILING = /\(\?!((?:\\.|\[(?:\\.|[^\]\\])*\]|[^()\\[])+)\)$/;

/** A regex source's top-level alternatives (`a|b`), split outside groups and classes. */
function alternatives(source: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inClass = false;
  let from = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") i++;
    else if (inClass) inClass = c !== "]";
    else if (c === "[") inClass = true;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "|" && depth === 0) {
      parts.push(source.slice(from, i));
      from = i + 1;
    }
  }
  return [...parts, source.slice(from)];
}

const META = new Set([..."\\^$.|?*+()[]{}"]);
const QUANTIFIER = new Set([..."?*+{"]);

/** Where the atom that starts at `i` ends (a character, an escape, a class or a group without groups inside), or -1. */
function atomEnd(alt: string, i: number): number {
  if (alt[i] === "\\") return i + 2;
  if (alt[i] === "[") {
    for (let j = i + 1; j < alt.length; j++) {
      if (alt[j] === "\\") j++;
      else if (alt[j] === "]" && j > i + 1) return j + 1;
    }
    return -1;
  }
  if (alt[i] === "(") {
    const close = alt.indexOf(")", i);
    return close === -1 || alt.slice(i + 1, close).includes("(") ? -1 : close + 1;
  }
  return i + 1;
}

/**
 * The literal texts one alternative starts with, once its leading optional
 * atoms are passed over (`["']?(?:AWS|aws)?_?(?:SECRET|secret)`: every match
 * holds "secret", wherever it starts): its literal characters up to the
 * first class or group, a group of literal alternatives (`(?<p>sk|rk)`)
 * multiplying them; a literal under a quantifier ends the prefix before it.
 */
function prefixesOf(alt: string): string[] {
  let prefixes = [""];
  let i = 0;
  while (i < alt.length) {
    let next: string[] | null = null;
    let end = i + 1;
    const c = alt[i];
    const atom = atomEnd(alt, i);
    if (prefixes[0] === "" && atom !== -1 && (alt[atom] === "?" || alt[atom] === "*")) {
      i = alt[atom + 1] === "?" ? atom + 2 : atom + 1;
      continue;
    }
    if (c === "\\" && /[^A-Za-z0-9]/.test(alt[i + 1] ?? "")) {
      next = [alt[i + 1]];
      end = i + 2;
    } else if (c === "\\" && alt[i + 1] === "b") {
      i += 2;
      continue;
    } else if (c === "(") {
      const close = alt.indexOf(")", i);
      const inner = close === -1 ? "" : alt.slice(i + 1, close).replace(/^\?(?::|<[A-Za-z_][A-Za-z0-9_]*>)/, "");
      if (!inner || [...inner].some((ch) => ch !== "|" && META.has(ch))) break;
      next = inner.split("|");
      end = close + 1;
    } else if (!META.has(c)) next = [c];
    const literals = next;
    if (!literals || QUANTIFIER.has(alt[end] ?? "")) break;
    prefixes = prefixes.flatMap((p) => literals.map((n) => p + n));
    i = end;
  }
  return prefixes;
}

/** The rule's keywords: every alternative's literal start, lowercased; none when one of them has fewer than 3 characters. */
function keywordsOf(source: string): string[] | undefined {
  const words = alternatives(source).flatMap(prefixesOf).map((w) => w.toLowerCase());
  return words.every((w) => w.length >= 3) ? [...new Set(words)] : undefined;
}

/** One character's class, as a lookaround held it. */
const oneChar = (atom: string, flags: string) => new RE2(`^(?:${atom})`, flags.includes("i") ? "iu" : "u");

function ruleOf(id: string, index: number, re: RegExp): SecretRule {
  let body = re.source;
  const before = LEADING.exec(body);
  if (before) body = body.slice(before[0].length);
  const after = TRAILING.exec(body);
  if (after) body = body.slice(0, -after[0].length);
  const flags = `g${re.flags.includes("i") ? "i" : ""}${re.flags.includes("m") ? "m" : ""}ud`;
  return {
    id: `secret.secretlint-${id}${index ? `-${index + 1}` : ""}`,
    what: id,
    regex: new RE2(body, flags),
    secretGroup: 0,
    keywords: keywordsOf(body),
    notBefore: before ? oneChar(before[1], re.flags) : undefined,
    notAfter: after ? oneChar(after[1], re.flags) : undefined,
  };
}

function load(): { rules: SecretRule[]; skipped: SkippedRule[] } {
  const rules: SecretRule[] = [];
  const skipped: SkippedRule[] = [];
  for (const rule of presetRules as unknown as PresetRule[]) {
    const id = rule.meta.id.replace(PREFIX, "");
    if (LEFT_OUT[id]) {
      skipped.push({ id, why: LEFT_OUT[id] });
      continue;
    }
    const expressions = expressionsOf(rule);
    if (!expressions.length) skipped.push({ id, why: "its rule reads the text in code, with no expression (a whole file parsed as JSON)" });
    expressions.forEach((re, index) => {
      try {
        rules.push(ruleOf(id, index, re));
      } catch (err) {
        skipped.push({ id, why: `RE2 cannot compile its expression: ${(err as Error).message}` });
      }
    });
  }
  return { rules, skipped };
}

const loaded = load();

export const SECRETLINT_RULES: readonly SecretRule[] = loaded.rules;
/** secretlint's rules left out, with the reason. */
export const SECRETLINT_SKIPPED: readonly SkippedRule[] = loaded.skipped;
