import RE2 from "re2";

/**
 * The secrets the result guard looks for in what a call returns. Each rule
 * is the format its issuer publishes for its credentials (a fixed prefix and
 * a length and alphabet, or a PEM label of RFC 7468, or a URI's userinfo of
 * RFC 3986), not a guess at what a secret looks like: a random string
 * without such a mark is not reported, since logs and JSON are full of them.
 * Every pattern runs on RE2, so a rule's time is linear in the text it reads.
 *
 * A match is not reported when its secret part is what documentation puts in
 * a key's place: AWS's own `…EXAMPLE` keys, runs of one character
 * (`ghp_xxxx…`), counting sequences and placeholders (`<password>`,
 * `${DB_PASSWORD}`).
 */

export interface SecretRule {
  id: string;
  /** What the marker and the audit call it. */
  what: string;
  /** Global; when it has a group named by `secretGroup`, only that part is the secret (the rest is context). */
  regex: RE2;
  /** The group that holds the secret: the text before it in the match is its context, kept by `redact`. */
  secretGroup?: number;
  /** A secret part that documentation writes in a key's place, beyond the common placeholders. */
  placeholder?: RE2;
}

const g = (source: string) => new RE2(source, "gu");

/** Documentation's stand-ins for a key: the word example, a counting sequence (runs of one character: `hasRun`). */
const PLACEHOLDER = new RE2("example|0123456789|abcdefghij|1234567890", "iu");
const RUN = 6;

/** What a connection string's password is in documentation and templates. */
const PASSWORD_PLACEHOLDER = new RE2(
  "^(?:password|passwd|pass|pwd|secret|changeme|example|your[_-]?password|user|x+|\\*+|<[^>]*>|\\[[^\\]]*\\]|\\$\\{[^}]*\\}|\\{\\{[^}]*\\}\\}|\\$[A-Za-z_][A-Za-z0-9_]*|%[A-Za-z_]+%)$",
  "iu",
);

export const SECRET_RULES: SecretRule[] = [
  { id: "secret.aws-access-key-id", what: "AWS access key ID", regex: g("\\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\\b") },
  {
    id: "secret.aws-secret-access-key",
    what: "AWS secret access key",
    regex: g("((?i:aws_?secret_?access_?key|secretaccesskey)[\"']?\\s*[:=]\\s*[\"']?)([A-Za-z0-9/+]{40})(?:[^A-Za-z0-9/+]|$)"),
    secretGroup: 2,
  },
  { id: "secret.github-token", what: "GitHub token", regex: g("\\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36}\\b") },
  { id: "secret.github-fine-grained-token", what: "GitHub token", regex: g("\\bgithub_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59}\\b") },
  { id: "secret.gitlab-token", what: "GitLab token", regex: g("\\bglpat-[A-Za-z0-9_-]{20,}") },
  { id: "secret.slack-token", what: "Slack token", regex: g("\\bxox[abposr]-[0-9A-Za-z]{10,}-[0-9A-Za-z-]{10,}") },
  { id: "secret.slack-webhook", what: "Slack webhook URL", regex: g("https://hooks\\.slack\\.com/(?:services|workflows)/T[A-Z0-9]{8,}/[A-Z0-9]{8,}/[A-Za-z0-9]{16,}") },
  { id: "secret.stripe-key", what: "Stripe secret key", regex: g("\\b(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{24,}\\b") },
  { id: "secret.openai-key", what: "OpenAI API key", regex: g("\\bsk-(?:(?:proj|svcacct|admin)-)?[A-Za-z0-9_-]{20,}T3BlbkFJ[A-Za-z0-9_-]{20,}") },
  { id: "secret.anthropic-key", what: "Anthropic API key", regex: g("\\bsk-ant-(?:api|admin)[0-9]{2}-[A-Za-z0-9_-]{80,}") },
  { id: "secret.google-api-key", what: "Google API key", regex: g("\\bAIza[0-9A-Za-z_-]{35}") },
  { id: "secret.npm-token", what: "npm token", regex: g("\\bnpm_[A-Za-z0-9]{36}\\b") },
  { id: "secret.huggingface-token", what: "Hugging Face token", regex: g("\\bhf_[A-Za-z0-9]{34,}\\b") },
  { id: "secret.sendgrid-key", what: "SendGrid API key", regex: g("\\bSG\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}\\b") },
  {
    id: "secret.jwt",
    what: "JSON Web Token",
    regex: g("\\beyJ[A-Za-z0-9_-]{10,}\\.eyJ[A-Za-z0-9_-]{10,}\\.[A-Za-z0-9_-]{20,}"),
  },
  {
    // A PEM block's label (RFC 7468) and at least a line of its base64 body: a mention of the header in prose is not a key.
    id: "secret.private-key",
    what: "private key",
    regex: g(
      "-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----\\s*(?:[A-Za-z-]+:[^\\n]*\\n\\s*)*[A-Za-z0-9+/=]{40,}[\\s\\S]*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|$)",
    ),
  },
  {
    // A password in a URI's userinfo (RFC 3986): a database's connection string, or any URL that logs in.
    id: "secret.url-password",
    what: "password in a connection string",
    regex: g("(\\b[a-z][a-z0-9+.-]{1,20}://[^\\s:/@\"'<>]{1,128}:)([^\\s@/\"'<>]{1,256})@[^\\s\"'<>]"),
    secretGroup: 2,
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
