import RE2 from "re2";

/**
 * The secrets the result guard looks for beside gitleaks' ruleset
 * (gitleaks-rules.ts), and what every rule shares. The project's own rules
 * are for what gitleaks' default rules have no rule for: a password in a
 * URI's userinfo (RFC 3986, a database's connection string), an AWS secret
 * access key under its documented name, and Anthropic's keys (a prefix and
 * length it publishes). Every pattern runs on RE2, so a rule's time is
 * linear in the text it reads.
 *
 * A match is not reported when its secret part is what documentation puts in
 * a key's place: AWS's own `…EXAMPLE` keys, runs of one character
 * (`ghp_xxxx…`), counting sequences and placeholders (`<password>`,
 * `${DB_PASSWORD}`).
 */

/** What makes a match not a secret (gitleaks' allowlist): any one of its checks, or all of them when `all`. */
export interface SecretAllowlist {
  all: boolean;
  /** What `regexes` read: the secret, the whole match, or the line the match is on. */
  target: "secret" | "match" | "line";
  regexes: RE2[];
  /** Lowercase; a secret holding one is not reported. */
  stopwords: string[];
}

export interface SecretRule {
  id: string;
  /** What the marker and the audit call it. */
  what: string;
  /** Global; the secret is the group `secretGroup` when set, else the first non-empty group, else the match. */
  regex: RE2;
  /** The group that holds the secret (0: the whole match): the text before it in the match is its context, kept by `redact`. */
  secretGroup?: number;
  /** A character that may not come just before the match, or just after it: a longer word holds it (secretlint's lookarounds). */
  notBefore?: RE2;
  notAfter?: RE2;
  /** Lowercase; the rule reads a text only when one of them is in it (none: every text). */
  keywords?: string[];
  /** A secret whose Shannon entropy (bits a character) is at most this is not reported. */
  entropy?: number;
  allowlists?: SecretAllowlist[];
  /** A secret part that documentation writes in a key's place, beyond the common placeholders. */
  placeholder?: RE2;
}

/** Global, Unicode, with each group's indices (`d`): a secret's span is where its group is. */
const g = (source: string) => new RE2(source, "gud");

/** Documentation's stand-ins for a key: the word example, a counting sequence (runs of one character: `hasRun`). */
const PLACEHOLDER = new RE2("example|0123456789|abcdefghij|1234567890", "iu");
const RUN = 6;

/** What a connection string's password is in documentation and templates. */
const PASSWORD_PLACEHOLDER = new RE2(
  "^(?:password|passwd|pass|pwd|secret|changeme|example|your[_-]?password|user|x+|\\*+|<[^>]*>|\\[[^\\]]*\\]|\\$\\{[^}]*\\}|\\{\\{[^}]*\\}\\}|\\$[A-Za-z_][A-Za-z0-9_]*|%[A-Za-z_]+%)$",
  "iu",
);

export const OWN_SECRET_RULES: SecretRule[] = [
  {
    id: "secret.aws-secret-access-key",
    what: "AWS secret access key",
    regex: g("((?i:aws_?secret_?access_?key|secretaccesskey)[\"']?\\s*[:=]\\s*[\"']?)([A-Za-z0-9/+]{40})(?:[^A-Za-z0-9/+]|$)"),
    secretGroup: 2,
    keywords: ["secret"],
  },
  { id: "secret.anthropic-key", what: "Anthropic API key", regex: g("\\bsk-ant-(?:api|admin)[0-9]{2}-[A-Za-z0-9_-]{80,}"), keywords: ["sk-ant-"] },
  {
    // A password in a URI's userinfo (RFC 3986): a database's connection string, or any URL that logs in.
    id: "secret.url-password",
    what: "password in a connection string",
    regex: g("(\\b[a-z][a-z0-9+.-]{1,20}://[^\\s:/@\"'<>]{1,128}:)([^\\s@/\"'<>]{1,256})@[^\\s\"'<>]"),
    secretGroup: 2,
    keywords: ["://"],
    placeholder: PASSWORD_PLACEHOLDER,
  },
];

/** `xxxxxx`, `000000`: what no random key holds (RE2 has no back-references to say it). */
function hasRun(text: string): boolean {
  let run = 1;
  for (let i = 1; i < text.length; i++) {
    run = text[i] === text[i - 1] ? run + 1 : 1;
    if (run >= RUN) return true;
  }
  return false;
}

/** The rules' common placeholders: a stand-in's secret part is never reported. */
export function isPlaceholder(rule: SecretRule, secret: string): boolean {
  return PLACEHOLDER.test(secret) || hasRun(secret) || (rule.placeholder?.test(secret) ?? false);
}
