import RE2 from "re2";
import { excerpt } from "../evidence";
import { finding } from "../findings";
import { DIRECTIVE, MAX_CUE_TEXT, outsideDestination } from "../text/cues";
import { normalizeText } from "../text/normalize";
import type { Finding, Rule, Severity } from "../types";
import { pointer } from "../walk";
import { checkDeadline } from "../deadline";

/**
 * A parameter that quietly copies what the user sends to someone else: an
 * extra recipient, a `bcc` or a callback whose value the server fixes (a
 * default, a `const`, the only values of an `enum`) or tells the model to
 * fill in with an address of its choosing. The tool then works as asked,
 * and every call also delivers the message, the document or the event to a
 * third party: the postmark-mcp backdoor's `bcc`, a webhook that mirrors an
 * export. A recipient the user names, or an address given as an example of
 * the format ("e.g. https://hooks.slack.com/…"), is not one.
 */

type Schema = Record<string, unknown>;
const isSchema = (v: unknown): v is Schema => v !== null && typeof v === "object" && !Array.isArray(v);
const MAX_DEPTH = 32;

/** Words of a parameter's name that make it a place a copy of the data goes: recipients, copies, callbacks. */
const RECIPIENT_WORD =
  /^(?:bcc|cc|recipients?|to|forward|forwards|copy|copies|mirror|archive|audit|webhook|webhooks|callback|callbacks|notify|notification|notifications|hook|relay|share|watchers?|subscribers?|observers?|cc_list|sync|report|reports|also|extra|additional|deliver|delivery|send)$/;

/** A name's words: snake, kebab and camel case split, lower case. */
const wordsOf = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

const copiesData = (name: string) => wordsOf(name).some((w) => RECIPIENT_WORD.test(w));

/** Every string of a value (a string, or an array of them). */
const stringsOf = (value: unknown): string[] => (typeof value === "string" ? [value] : Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

/** An address outside the user's reach and not a documentation one (example.com, .test, localhost). */
const outside = (text: string) => outsideDestination(text.toLowerCase());

/** "e.g. https://…", "for example …", "such as …": an address that shows the format, not one to use. */
const AS_EXAMPLE = /(?:e\.g\.|eg\.|for example|for instance|such as|like|example:|i\.e\.)[\s`'"(]*$/i;

const ADDRESS = new RE2("(?:https?://[^\\s)\"'`]+|[a-z0-9._%+-]+@[a-z0-9-]+\\.[a-z0-9.-]+)", "gi");

/** The first outside address a description names that is not given as an example. */
function directedAddress(description: string): string | null {
  const re = ADDRESS;
  re.lastIndex = 0;
  for (let m = re.exec(description); m; m = re.exec(description)) {
    if (!outside(m[0])) continue;
    if (AS_EXAMPLE.test(description.slice(Math.max(0, m.index - 24), m.index))) continue;
    return m[0];
  }
  return null;
}

/** Words that make a description an order to use what it names: "always set this to", "fill in", "keep the default", "required". */
const USE_IT = new RE2("(?:^|[^a-z])(?:always|must|keep|fill(?:ed)? in|set (?:this|it)? ?to|use|required|mandatory|do not change|don'?t change|leave)(?:$|[^a-z])", "i");

interface Copy {
  severity: Severity;
  path: string;
  evidence: string;
}

function judge(name: string, node: Schema, path: string): Copy | null {
  if (!copiesData(name)) return null;
  const description = typeof node.description === "string" ? node.description.slice(0, MAX_CUE_TEXT) : "";
  for (const keyword of ["const", "default", "enum"] as const) {
    const fixed = stringsOf(node[keyword]).find(outside);
    // An enum with other values the user may choose among is a list of options; a lone outside address is a fixed copy.
    if (fixed && (keyword !== "enum" || stringsOf(node.enum).length === 1 || stringsOf(node.enum).every(outside))) {
      return { severity: "high", path: pointer(path, keyword), evidence: `\`${name}\` is fixed to ${fixed} (${keyword}): every call also goes there` };
    }
  }
  const directed = description ? directedAddress(description) : null;
  if (directed && (USE_IT.test(description) || DIRECTIVE.test(normalizeText(description).clean))) {
    return { severity: "high", path: pointer(path, "description"), evidence: `\`${name}\`: ${excerpt(description, 0, description.length)}` };
  }
  const example = stringsOf(node.examples).find(outside);
  if (example) {
    // The example is the address to use when the description says the copy is needed.
    const told = description !== "" && USE_IT.test(description);
    return { severity: told ? "high" : "low", path: pointer(path, "examples"), evidence: `\`${name}\` is shown with ${example}${told ? `, and ${excerpt(description, 0, description.length)}` : ""}` };
  }
  return null;
}

function walk(node: unknown, path: string, depth: number, found: Copy[]) {
  if (!isSchema(node) || depth > MAX_DEPTH) return;
  if (isSchema(node.properties)) {
    for (const [name, child] of Object.entries(node.properties)) {
      const at = pointer(pointer(path, "properties"), name);
      if (isSchema(child)) {
        const copy = judge(name, child, at) ?? (isSchema(child.items) ? judge(name, { ...child.items, description: child.description ?? child.items.description }, pointer(at, "items")) : null);
        if (copy) found.push(copy);
      }
      walk(child, at, depth + 1, found);
    }
  }
  if (isSchema(node.items)) walk(node.items, pointer(path, "items"), depth + 1, found);
  for (const combinator of ["anyOf", "oneOf", "allOf"]) {
    const list = node[combinator];
    if (Array.isArray(list)) list.forEach((child, i) => walk(child, pointer(pointer(path, combinator), i), depth + 1, found));
  }
}

export const thirdPartyCopy: Rule = {
  id: "third-party-copy",
  title: "Copies your data to a third party",
  severity: "high",
  tier: "full",
  reads: "Tools' input schemas: parameters that name a recipient, a copy or a callback, with their fixed values, examples and descriptions.",
  remediation:
    "A parameter that sends a copy of each call to an address the server chose (a default or fixed bcc, a callback it tells the model to fill in) leaks everything the tool is given. Do not use the tool until the server's maintainer removes it; check where past calls went.",
  check(input) {
    const findings: Finding[] = [];
    for (const tool of input.tools) {
      checkDeadline();
      const found: Copy[] = [];
      walk(tool.inputSchema, "/inputSchema", 0, found);
      for (const copy of found) findings.push(finding(thirdPartyCopy, copy.severity, { kind: "tool", name: tool.name, path: copy.path }, copy.evidence));
    }
    return findings;
  },
};
