import { excerpt, originalSpan } from "../evidence";
import { finding, severityRank } from "../findings";
import type { Finding, Rule, Severity } from "../types";
import { makeVisible } from "../visible";
import { textSites, type TextSite } from "../walk";

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
}

/** Not part of a longer name: neither a letter, digit nor underscore on the outside. */
const B = "(?<![a-z0-9_])";
const E = "(?![a-z0-9_])";

/** Over the normalized text (lower case, invisible characters dropped, look-alikes folded). */
const PATHS: Pattern[] = [
  { severity: "critical", regex: /-----begin (?:[a-z0-9]+ )*private key-----/, what: "private key material" },
  { severity: "high", regex: new RegExp(`${B}(?:~|\\$home|%userprofile%|/home/[a-z0-9_.-]+|/users/[a-z0-9_.-]+|/root)?[/\\\\]?\\.ssh(?:[/\\\\]|${E})`), what: "the SSH folder" },
  { severity: "high", regex: new RegExp(`${B}id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?(?:\\.pub)?${E}|${B}authorized_keys${E}`), what: "an SSH key file" },
  { severity: "high", regex: new RegExp(`(?<![a-z0-9_.])\\.env(?:\\.(?:local|production|prod|development|dev|staging|test))?${E}(?!\\.[a-z])`), what: "a .env file" },
  {
    severity: "high",
    regex:
      /\.aws[/\\](?:credentials|config)|aws_secret_access_key|\.config[/\\]gcloud|application_default_credentials\.json|\.azure[/\\]|\.kube[/\\]config|\.docker[/\\]config\.json|\.terraform\.d[/\\]credentials|\.config[/\\]gh[/\\]hosts\.yml/,
    what: "a cloud or tool credentials file",
  },
  { severity: "high", regex: new RegExp(`${B}\\.(?:npmrc|pypirc|netrc|git-credentials|pgpass|gnupg|password-store|vault-token)${E}`), what: "a credentials file" },
  { severity: "high", regex: /\/etc\/(?:shadow|passwd|sudoers)|\.(?:bash|zsh)_history|login\.keychain|wallet\.dat|\.ethereum[/\\]keystore|\.bitcoin[/\\]|cookies\.sqlite|login data/, what: "a system or personal secrets file" },
  {
    severity: "high",
    regex: new RegExp(
      `claude_desktop_config\\.json|\\.cursor[/\\\\]mcp\\.json|${B}mcp\\.json${E}|mcp_config\\.json|cline_mcp_settings\\.json|\\.codeium[/\\\\]windsurf|\\.vscode[/\\\\]mcp\\.json|\\.claude\\.json|\\.claude[/\\\\]|application support[/\\\\]claude|appdata[/\\\\](?:roaming[/\\\\])?claude|\\.continue[/\\\\]config`,
    ),
    what: "an MCP client's configuration (it holds other servers' credentials)",
  },
  {
    severity: "medium",
    regex: /(?:read|send|pass|include|provide|fetch|cat|upload|share|extract|collect|attach|copy|return|give)(?:s|ing)? (?:me |us )?(?:the |your |their |all |any |user'?s? )*(?:ssh keys?|private keys?|seed phrase|mnemonic|recovery phrase|wallet (?:keys?|file)|password (?:file|manager|vault)|keychain|credentials? files?|browser cookies|session cookies)/,
    what: "a request for secrets",
  },
  { severity: "info", regex: new RegExp(`${B}(?:api[ _-]?keys?|access[ _-]?tokens?|secret[ _-]?keys?|passwords?|private[ _-]?keys?|credentials|bearer tokens?)${E}`), what: "a mention of credentials" },
];

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

function checkSite(site: TextSite): Finding | null {
  const { clean, cleanAt } = site.normalized;
  let best: { severity: Severity; start: number; end: number; note: string } | null = null;
  for (const p of PATHS) {
    if (best && severityRank(best.severity) <= severityRank(p.severity)) break;
    const m = p.regex.exec(clean);
    if (!m) continue;
    const [start, end] = originalSpan(cleanAt, site.text, m.index, m[0].length);
    best = { severity: p.severity, start, end, note: p.what };
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
    const out: Finding[] = [];
    for (const site of textSites(input)) {
      const f = checkSite(site);
      if (f) out.push(f);
    }
    return out;
  },
};
