import fs from "node:fs";
import path from "node:path";
import type { SkippedRule } from "./gitleaks-rules";
import { readExpression } from "./published-expression";
import type { SecretRule } from "./secret-rules";

/**
 * sensitive-canary's ruleset (MIT, © coo-quack), the third published ruleset
 * beside gitleaks' and secretlint's: the `@coo-quack/sensitive-canary`
 * package (a secret and personal-data scanner for an agent's prompts and
 * tool calls) keeps its rules as data, `dist/lib/default-config.json`,
 * which is read once when the service starts, so no expression is written in
 * the project and updating the package updates them. Its personal-data rules
 * (category `pii`) are not secrets and are not read. Each secret rule is
 * read for RE2 (time linear in the text) as published-expression.ts says,
 * and as the package's configuration format documents it:
 *
 * - `regex` and `flags`: a JavaScript expression;
 * - the secret is the group `secretGroup`, or the whole match;
 * - `entropyThreshold`: a secret whose Shannon entropy is below it is not
 *   one (read as gitleaks' `entropy`, at most);
 * - a key that gitleaks', the project's or secretlint's rules already report
 *   is reported once (secret-scan.ts keeps the first span).
 *
 * Left out, each with its reason in `CANARY_SKIPPED`: rules that name no
 * issuer (a key-like name and entropy, as gitleaks' `generic-api-key`, left
 * out for the same reason); a URL's or a connection string's password (the
 * project's `url-password` rule reads them, with its placeholders); a rule
 * whose match is a PEM header rather than the key it announces; rules
 * whose precision is code beyond their expression (a named validator, words
 * looked for nearby); and expressions RE2 cannot compile.
 */

const LEFT_OUT: Record<string, string> = {
  "generic-secret": "names no issuer: a guess from a key-like name and entropy, as gitleaks' generic-api-key",
  "env-assignment": "names no issuer: any high-entropy value assigned to a name holding SECRET, TOKEN or PASSWORD",
  "connection-string": "a connection string's password: the project's url-password rule reads it",
  "url-basic-auth": "a URL's password: the project's url-password rule reads it",
  "private-key": "its match is a PEM header, not the key: a header quoted in prose matches, and removing it leaves the key (gitleaks' private-key rule takes the whole block)",
};

const CONFIG = path.join(process.cwd(), "node_modules", "@coo-quack", "sensitive-canary", "dist", "lib", "default-config.json");

interface RawRule {
  id: string;
  regex: string;
  flags?: string;
  category: string;
  secretGroup?: number;
  entropyThreshold?: number;
  validate?: string;
  contextWords?: string[];
  requireContext?: boolean;
  excludeContext?: string[];
}

function load(): { rules: SecretRule[]; skipped: SkippedRule[] } {
  const config = JSON.parse(fs.readFileSync(CONFIG, "utf8")) as { rules: RawRule[] };
  const rules: SecretRule[] = [];
  const skipped: SkippedRule[] = [];
  for (const raw of config.rules.filter((r) => r.category === "secret")) {
    const why =
      LEFT_OUT[raw.id] ??
      (raw.validate ? `its precision is a validator in code (${raw.validate}), beyond its expression` : undefined) ??
      (raw.requireContext || raw.excludeContext?.length ? "its precision is words looked for nearby, in code beyond its expression" : undefined);
    if (why) {
      skipped.push({ id: raw.id, why });
      continue;
    }
    try {
      rules.push({ id: `secret.canary-${raw.id}`, what: raw.id, secretGroup: raw.secretGroup ?? 0, entropy: raw.entropyThreshold, ...readExpression(raw.regex, raw.flags ?? "") });
    } catch (err) {
      skipped.push({ id: raw.id, why: `RE2 cannot compile its expression: ${(err as Error).message}` });
    }
  }
  return { rules, skipped };
}

const loaded = load();

export const CANARY_RULES: readonly SecretRule[] = loaded.rules;
/** sensitive-canary's secret rules left out, with the reason. */
export const CANARY_SKIPPED: readonly SkippedRule[] = loaded.skipped;
