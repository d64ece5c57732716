import RE2 from "re2";
import { excerpt, originalSpan } from "../evidence";
import { MAX_CUE_TEXT, credentialHarvest, secretHunt } from "../text/cues";
import { readSentences } from "../text/reading";
import { foldText } from "../text/normalize";
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
  regex: RE2;
  what: string;
  /** The pattern can only match a text holding one of these: a cheap test first saves the regex on most texts. */
  hints: string[];
}

/**
 * Not part of a longer name: neither a letter, digit nor underscore on the
 * outside. RE2 has no lookaround, so the edge is matched (one character
 * more in the match, which only widens the quoted evidence by a character).
 */
const B = "(?:^|[^a-z0-9_])";
const E = "(?:$|[^a-z0-9_])";
const re = (source: string) => new RE2(source);

/** Over the normalized text (lower case, invisible characters dropped, look-alikes folded). */
const PATHS: Pattern[] = [
  { severity: "critical", regex: re(String.raw`-----begin (?:[a-z0-9]+ )*private key-----`), what: "private key material", hints: ["private key"] },
  { severity: "high", regex: re(String.raw`${B}(?:~|\$home|%userprofile%|/home/[a-z0-9_.{}-]+|/users/[a-z0-9_.{}-]+|/root)?[/\\]?\.ssh(?:[/\\]|${E})`), what: "the SSH folder", hints: [".ssh"] },
  // In identifiers words are joined by underscores: "content_from_reading_ssh_id_rsa".
  { severity: "high", regex: re(String.raw`(?:^|[^a-z0-9])(?:id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?(?:\.pub)?|authorized_keys)(?:$|[^a-z0-9])`), what: "an SSH key file", hints: ["id_", "authorized_keys"] },
  // ".env.example" and ".env.sample" are templates without secrets: the name must not go on with a dot and a letter.
  { severity: "high", regex: re(String.raw`(?:^|[^a-z0-9_.])\.env(?:\.(?:local|production|prod|development|dev|staging|test))?(?:$|[^a-z0-9_.]|\.(?:$|[^a-z]))`), what: "a .env file", hints: [".env"] },
  {
    severity: "high",
    regex: re(
      String.raw`\.aws[/\\](?:credentials|config)|aws_secret_access_key|\.config[/\\]gcloud|application_default_credentials\.json|\.azure[/\\]|msal_token_cache|\.kube[/\\]config|\.docker[/\\]config\.json|\.terraform\.d[/\\]credentials|\.config[/\\]gh[/\\]hosts\.yml|/var/run/secrets|/run/secrets`,
    ),
    what: "a cloud or tool credentials file",
    hints: [".aws", "aws_secret", "gcloud", "application_default", ".azure", "msal_token", ".kube", ".docker", ".terraform", "gh/hosts", "gh\\hosts", "run/secrets"],
  },
  { severity: "high", regex: re(String.raw`${B}\.(?:npmrc|pypirc|netrc|git-credentials|pgpass|gnupg|password-store|vault-token)${E}`), what: "a credentials file", hints: [".npmrc", ".pypirc", ".netrc", ".git-credentials", ".pgpass", ".gnupg", ".password-store", ".vault-token"] },
  {
    severity: "high",
    regex: re(String.raw`/etc/(?:shadow|passwd|sudoers)|\.(?:bash|zsh)_history|login\.keychain|keychains[/\\]|cookies\.sqlite|login data`),
    what: "a system or personal secrets file",
    hints: ["/etc/", "_history", "keychain", "cookies.sqlite", "login data"],
  },
  {
    severity: "high",
    // Browser-wallet vaults live under the extension's settings folder, whatever the wallet.
    regex: re(String.raw`wallet\.dat|\.ethereum[/\\]keystore|\.bitcoin[/\\]|\.config[/\\]solana[/\\]|exodus\.wallet|\.electrum[/\\]wallets|local extension settings[/\\]|\.local[/\\]share[/\\]io\.parity|atomic[/\\]local storage`),
    what: "a cryptocurrency wallet",
    hints: ["wallet", ".ethereum", ".bitcoin", "solana", "exodus", "electrum", "extension settings", "parity", "atomic"],
  },
  {
    severity: "high",
    regex: re(
      String.raw`claude_desktop_config\.json|\.cursor[/\\]mcp\.json|${B}mcp\.json${E}|mcp_config\.json|cline_mcp_settings\.json|\.codeium[/\\]windsurf|\.vscode[/\\]mcp\.json|\.claude\.json|\.claude[/\\]|application support[/\\]claude|appdata[/\\](?:roaming[/\\])?claude|\.continue[/\\]config`,
    ),
    what: "an MCP client's configuration (it holds other servers' credentials)",
    hints: ["claude", "mcp.json", "mcp_config", "cline_mcp", ".codeium", ".continue"],
  },
  {
    severity: "medium",
    regex: re(
      String.raw`(?:read|send|pass|include|provide|fetch|cat|upload|share|extract|collect|attach|copy|return|give)(?:s|ing)? (?:me |us )?(?:the |your |their |all |any |user'?s? |[a-z]+'s )*(?:ssh keys?|private keys?|seed phrase|mnemonic|recovery phrase|wallet (?:keys?|file)|password (?:file|manager|vault)|keychain|credentials? files?|browser cookies|session cookies)`,
    ),
    what: "a request for secrets",
    hints: ["ssh key", "private key", "seed phrase", "mnemonic", "recovery phrase", "wallet", "password", "keychain", "credential", "cookies"],
  },
  { severity: "info", regex: re(`${B}(?:api[ _-]?keys?|access[ _-]?tokens?|secret[ _-]?keys?|passwords?|private[ _-]?keys?|credentials|bearer tokens?)${E}`), what: "a mention of credentials", hints: ["api", "token", "secret", "password", "private", "credential"] },
];

/** Words that ask for a file's contents to be read or moved, in the same sentence as its name, in any of the corpus's languages. */
const ACCESS = re(
  [
    String.raw`(?:^|[^a-z])(?:read|reading|open|cat|load|pass|send|include|upload|attach|provide|share|forward|post|exfiltrate|contents?|copy|extract|leak|print|output|append|embed|fetch|retrieve|access|collect|dump|give|paste)(?:s|ed|ing)?(?:$|[^a-z])|(?:^|[^a-z])return(?:s|ing)?(?:$|[^a-z])`,
    // Spanish, French, German, Portuguese, Russian (folded), Chinese, Japanese, Korean.
    String.raw`(?:^|[^a-z])(?:lee|leer|pasa|envia|lis|lire|transmets|envoie|lies|lese|sende|ubergib|leia|envie)(?:$|[^a-z])`,
    [foldText("прочит"), foldText("переда"), "读取", "传入", "发送", "読み", "読んで", "渡し", foldText("읽")].join("|"),
  ].join("|"),
);
const SENTENCE_END = re(String.raw`[\n;!?]|\.\s`);
const MAX_SENTENCE = 300;

/** The sentence (or line) holding [start, end), lower case, at most MAX_SENTENCE characters either side. */
function sentenceAround(text: string, start: number, end: number): string {
  const base = Math.max(0, start - MAX_SENTENCE);
  const before = text.slice(base, start);
  let from = base;
  const ends = new RE2(SENTENCE_END.source, "g");
  for (let m = ends.exec(before); m; m = ends.exec(before)) from = base + m.index + 1;
  const rest = text.slice(end, end + MAX_SENTENCE);
  const stop = SENTENCE_END.exec(rest)?.index ?? -1;
  return text.slice(from, stop === -1 ? end + rest.length : end + stop).toLowerCase();
}

/** Over the original text: tokens have case. */
const TOKENS: RE2[] = [
  String.raw`\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36}\b`,
  String.raw`\bgithub_pat_[A-Za-z0-9_]{60,}\b`,
  String.raw`\b(?:AKIA|ASIA)[0-9A-Z]{16}\b`,
  String.raw`\bsk-(?:proj-|ant-(?:api\d\d-)?)?[A-Za-z0-9_-]{32,}\b`,
  String.raw`\bxox[abposr]-[A-Za-z0-9-]{10,}\b`,
  String.raw`\bAIza[0-9A-Za-z_-]{35}\b`,
  String.raw`\bglpat-[A-Za-z0-9_-]{20,}\b`,
  String.raw`\bnpm_[A-Za-z0-9]{36}\b`,
  String.raw`\b(?:sk|rk)_live_[0-9A-Za-z]{24,}\b`,
  String.raw`\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}`,
].map(re);

/** A token quoted as evidence shows its kind and length, never its value. */
const mask = (token: string) => `${token.slice(0, Math.min(6, token.indexOf("_") + 1 || 4))}… (${token.length} characters, masked)`;

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
/** Any pattern's hint: texts without one (most) skip the patterns altogether. */
const ANY_HINT = re(PATHS.flatMap((p) => p.hints).map(escapeRegex).join("|"));

/** A sentence that collects credentials from the environment by name or from a command that prints one, or hunts for key files, or null. */
function harvestSentence(site: TextSite): { start: number; end: number } | null {
  for (const s of readSentences(site.normalized)) if (credentialHarvest(s.text) || secretHunt(s.text)) return s;
  return null;
}

function checkSite(site: TextSite): Finding | null {
  const norm = site.normalized;
  const clean = norm.clean.length > MAX_CUE_TEXT ? norm.clean.slice(0, MAX_CUE_TEXT) : norm.clean;
  let best: { severity: Severity; start: number; end: number; note: string } | null = null;
  for (const p of ANY_HINT.test(clean) ? PATHS : []) {
    if (best && severityRank(best.severity) <= severityRank(p.severity)) break;
    if (!p.hints.some((h) => clean.includes(h))) continue;
    const m = p.regex.exec(clean);
    if (!m) continue;
    const [start, end] = originalSpan(norm.cleanAt, site.text, m.index, m[0].length);
    // A file search tool may name `.env` among the files it finds; telling the model to read or pass it on is the attack.
    // A resource's address is itself an access: reading the resource reads the file, whatever its name says.
    const access = site.field === "uri" || ACCESS.test(sentenceAround(site.text, start, end));
    const severity = p.severity === "high" && !access ? "low" : p.severity;
    if (!best || severityRank(severity) < severityRank(best.severity)) best = { severity, start, end, note: p.what };
  }
  const harvest = best && severityRank(best.severity) <= severityRank("high") ? null : harvestSentence(site);
  if (harvest) {
    const [start, end] = originalSpan(norm.cleanAt, site.text, harvest.start, harvest.end - harvest.start);
    best = { severity: "high", start, end, note: "credentials or key files collected by name" };
  }
  if (best?.severity === "critical") return finding(sensitiveReferences, best.severity, site.target, `${excerpt(site.text, best.start, best.end)} — ${best.note}`);
  for (const regex of TOKENS) {
    const m = regex.exec(site.text.length > MAX_CUE_TEXT ? site.text.slice(0, MAX_CUE_TEXT) : site.text);
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
