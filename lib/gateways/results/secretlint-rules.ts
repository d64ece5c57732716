import { rules as presetRules } from "@secretlint/secretlint-rule-preset-recommend";
import type { SkippedRule } from "./gitleaks-rules";
import { readExpression } from "./published-expression";
import type { SecretRule } from "./secret-rules";

/**
 * secretlint's recommended ruleset (MIT, © azu), the second published
 * ruleset beside gitleaks' (gitleaks-rules.ts): the
 * `@secretlint/secretlint-rule-preset-recommend` package's rules, whose
 * expressions are read from the package when the service starts. A
 * secretlint rule is code that runs `source.content.matchAll(expression)`;
 * each is run once here on a stand-in source that records the expressions
 * it is given and matches nothing, so no expression is written in the
 * project and updating the package updates them. Each is then read for RE2
 * (time linear in the text) as published-expression.ts says: its bounding
 * lookarounds checked on a character, its literal start the prefilter's
 * keyword; one RE2 cannot compile is left out with that reason. The secret
 * is the whole match, as secretlint reports it; a key that gitleaks' rules
 * or the project's own already report is reported once (secret-scan.ts
 * keeps the first span).
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

function ruleOf(id: string, index: number, re: RegExp): SecretRule {
  return {
    id: `secret.secretlint-${id}${index ? `-${index + 1}` : ""}`,
    what: id,
    secretGroup: 0,
    ...readExpression(re.source, re.flags),
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
