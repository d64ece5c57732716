import { excerpt, originalSpan } from "../evidence";
import { finding, severityRank } from "../findings";
import type { Finding, Rule, Severity } from "../types";
import { makeVisible } from "../visible";
import { findInTexts, type TextSite } from "../walk";

/**
 * Mentions of secrets and the files that hold them: what a poisoned tool
 * asks the model to read and pass along (SSH keys, `.env`, cloud credential
 * files, other MCP clients' configurations with their tokens), and actual
 * key material or tokens embedded in a definition.
 */

interface Pattern {
  severity: Severity;
  regex: RegExp;
  what: string;
  /** The pattern can only match a text holding one of these: a cheap test first saves the regex on most texts. */
  hints: string[];
}

/** Not part of a longer name: neither a letter, digit nor underscore on the outside. */
const B = "(?<![a-z0-9_])";
const E = "(?![a-z0-9_])";

/** Over the normalized text (lower case, invisible characters dropped, look-alikes folded). */
const PATHS: Pattern[] = [
  { severity: "critical", regex: /-----begin (?:[a-z0-9]+ )*private key-----/, what: "private key material", hints: ["private key"] },
  { severity: "high", regex: new RegExp(`${B}(?:~|\\$home|%userprofile%|/home/[a-z0-9_.-]+|/users/[a-z0-9_.-]+|/root)?[/\\\\]?\\.ssh(?:[/\\\\]|${E})`), what: "the SSH folder", hints: [".ssh"] },
  // In identifiers words are joined by underscores: "content_from_reading_ssh_id_rsa".
  { severity: "high", regex: /(?<![a-z0-9])id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?(?:\.pub)?(?![a-z0-9])|(?<![a-z0-9])authorized_keys(?![a-z0-9])/, what: "an SSH key file", hints: ["id_", "authorized_keys"] },
  { severity: "high", regex: new RegExp(`(?<![a-z0-9_.])\\.env(?:\\.(?:local|production|prod|development|dev|staging|test))?${E}(?!\\.[a-z])`), what: "a .env file", hints: [".env"] },
  {
    severity: "high",
    regex:
      /\.aws[/\\](?:credentials|config)|aws_secret_access_key|\.config[/\\]gcloud|application_default_credentials\.json|\.azure[/\\]|\.kube[/\\]config|\.docker[/\\]config\.json|\.terraform\.d[/\\]credentials|\.config[/\\]gh[/\\]hosts\.yml/,
    what: "a cloud or tool credentials file",
    hints: [".aws", "aws_secret", "gcloud", "application_default", ".azure", ".kube", ".docker", ".terraform", "gh/hosts", "gh\\hosts"],
  },
  { severity: "high", regex: new RegExp(`${B}\\.(?:npmrc|pypirc|netrc|git-credentials|pgpass|gnupg|password-store|vault-token)${E}`), what: "a credentials file", hints: [".npmrc", ".pypirc", ".netrc", ".git-credentials", ".pgpass", ".gnupg", ".password-store", ".vault-token"] },
  { severity: "high", regex: /\/etc\/(?:shadow|passwd|sudoers)|\.(?:bash|zsh)_history|login\.keychain|wallet\.dat|\.ethereum[/\\]keystore|\.bitcoin[/\\]|cookies\.sqlite|login data/, what: "a system or personal secrets file", hints: ["/etc/", "_history", "keychain", "wallet.dat", ".ethereum", ".bitcoin", "cookies.sqlite", "login data"] },
  {
    severity: "high",
    regex: new RegExp(
      `claude_desktop_config\\.json|\\.cursor[/\\\\]mcp\\.json|${B}mcp\\.json${E}|mcp_config\\.json|cline_mcp_settings\\.json|\\.codeium[/\\\\]windsurf|\\.vscode[/\\\\]mcp\\.json|\\.claude\\.json|\\.claude[/\\\\]|application support[/\\\\]claude|appdata[/\\\\](?:roaming[/\\\\])?claude|\\.continue[/\\\\]config`,
    ),
    what: "an MCP client's configuration (it holds other servers' credentials)",
    hints: ["claude", "mcp.json", "mcp_config", "cline_mcp", ".codeium", ".continue"],
  },
  {
    severity: "medium",
    regex: /(?:read|send|pass|include|provide|fetch|cat|upload|share|extract|collect|attach|copy|return|give)(?:s|ing)? (?:me |us )?(?:the |your |their |all |any |user'?s? )*(?:ssh keys?|private keys?|seed phrase|mnemonic|recovery phrase|wallet (?:keys?|file)|password (?:file|manager|vault)|keychain|credentials? files?|browser cookies|session cookies)/,
    what: "a request for secrets",
    hints: ["ssh key", "private key", "seed phrase", "mnemonic", "recovery phrase", "wallet", "password", "keychain", "credential", "cookies"],
  },
  { severity: "info", regex: new RegExp(`${B}(?:api[ _-]?keys?|access[ _-]?tokens?|secret[ _-]?keys?|passwords?|private[ _-]?keys?|credentials|bearer tokens?)${E}`), what: "a mention of credentials", hints: ["api", "token", "secret", "password", "private", "credential"] },
];

/** Words that ask for a file's contents to be read or moved, in the same sentence as its name. */
const ACCESS = /(?<![a-z])(?:read|reading|open|cat|load|pass|send|include|upload|attach|provide|share|forward|post|exfiltrate|contents?|copy|extract|leak|print|output|return|append|embed|fetch|retrieve|access|collect|dump|give)(?:s|ed|ing)?(?![a-z])/;
const SENTENCE_END = /[\n;!?]|\.(?=\s)/g;
const MAX_SENTENCE = 300;

/** The sentence (or line) holding [start, end), lower case, at most MAX_SENTENCE characters either side. */
function sentenceAround(text: string, start: number, end: number): string {
  const base = Math.max(0, start - MAX_SENTENCE);
  let from = base;
  for (const m of text.slice(base, start).matchAll(SENTENCE_END)) from = base + m.index + 1;
  const rest = text.slice(end, end + MAX_SENTENCE);
  const stop = rest.search(SENTENCE_END);
  return text.slice(from, stop === -1 ? end + rest.length : end + stop).toLowerCase();
}

/** Over the original text: tokens have case. */
const TOKENS: RegExp[] = [
  /\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36}\b/g,
  /\bgithub_pat_[A-Za-z0-9_]{60,}\b/g,
  /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g,
  /\bsk-(?:proj-|ant-(?:api\d\d-)?)?[A-Za-z0-9_-]{32,}\b/g,
  /\bxox[abposr]-[A-Za-z0-9-]{10,}\b/g,
  /\bAIza[0-9A-Za-z_-]{35}\b/g,
  /\bglpat-[A-Za-z0-9_-]{20,}\b/g,
  /\bnpm_[A-Za-z0-9]{36}\b/g,
  /\b(?:sk|rk)_live_[0-9A-Za-z]{24,}\b/g,
  /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/g,
];

/** A token quoted as evidence shows its kind and length, never its value. */
const mask = (token: string) => `${token.slice(0, Math.min(6, token.indexOf("_") + 1 || 4))}… (${token.length} characters, masked)`;

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
/** Any pattern's hint: texts without one (most) skip the patterns altogether. */
const ANY_HINT = new RegExp(PATHS.flatMap((p) => p.hints).map(escapeRegex).join("|"));

function checkSite(site: TextSite): Finding | null {
  const norm = site.normalized;
  const { clean } = norm;
  let best: { severity: Severity; start: number; end: number; note: string } | null = null;
  for (const p of ANY_HINT.test(clean) ? PATHS : []) {
    if (best && severityRank(best.severity) <= severityRank(p.severity)) break;
    if (!p.hints.some((h) => clean.includes(h))) continue;
    const m = p.regex.exec(clean);
    if (!m) continue;
    const [start, end] = originalSpan(norm.cleanAt, site.text, m.index, m[0].length);
    // A file search tool may name `.env` among the files it finds; telling the model to read or pass it on is the attack.
    const severity = p.severity === "high" && !ACCESS.test(sentenceAround(site.text, start, end)) ? "low" : p.severity;
    if (!best || severityRank(severity) < severityRank(best.severity)) best = { severity, start, end, note: p.what };
  }
  if (best?.severity === "critical") return finding(sensitiveReferences, best.severity, site.target, `${excerpt(site.text, best.start, best.end)} — ${best.note}`);
  for (const regex of TOKENS) {
    regex.lastIndex = 0;
    const m = regex.exec(site.text);
    if (!m) continue;
    const before = makeVisible(site.text.slice(Math.max(0, m.index - 40), m.index));
    return finding(sensitiveReferences, "high", site.target, `${before}${mask(m[0])} — a credential embedded in the definition`.trim());
  }
  if (!best) return null;
  return finding(sensitiveReferences, best.severity, site.target, `${excerpt(site.text, best.start, best.end)} — ${best.note}`);
}

export const sensitiveReferences: Rule = {
  id: "sensitive-references",
  title: "References to secrets and sensitive files",
  severity: "high",
  tier: "full",
  reads: "Every text the server shows the model.",
  remediation:
    "A tool has no reason to point the model at your keys, .env files, cloud credentials or other MCP clients' configurations. Unless the tool's purpose explains it, remove the server; never let an assistant pass such files to a tool. An embedded credential must be revoked.",
  check(input) {
    return findInTexts(input, (site) => checkSite(site));
  },
};
