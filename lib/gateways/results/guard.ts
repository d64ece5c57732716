import { createHash } from "node:crypto";
import type { ResultAction, ResultFindingKind, ResultPolicy } from "../schema";
import { instructionSpans } from "../../scanner/rules/model-instructions";
import { secretSpans } from "./secret-scan";

/**
 * The result guard's reading of one result: every text a call returns (a
 * tool's content and its embedded resources' text, structured content's
 * strings, a resource's contents, a prompt's messages; every string of the
 * result but binary data and metadata) is read by the rules of each kind
 * the policy does not turn off. A pure function of its input, so that a
 * large result is read on a worker thread (lib/worker-tasks.ts).
 */

export interface ResultFinding {
  kind: ResultFindingKind;
  ruleId: string;
  /** What was found, in words: the marker and the audit say it. */
  what: string;
  /** JSON pointer to the string inside the result. */
  pointer: string;
  /** The span inside that string, in UTF-16 code units. */
  start: number;
  end: number;
  /** SHA-256 of the span, its first 16 hex digits: the same secret is recognised across events without being stored. */
  hash: string;
  action: ResultAction;
}

export interface GuardOutput {
  findings: ResultFinding[];
  /** The result with the spans of `redact` findings replaced by markers (the same object when none). */
  result: unknown;
}

/**
 * Binary payloads (base64) and the protocol's own metadata: not text a model
 * reads as words. A `requestState` is opaque and must go back to its server
 * byte for byte (it is often a signed token, which the JWT rule would take).
 */
const NOT_TEXT = new Set(["blob", "data", "mimeType", "_meta", "requestState"]);

/** A place in the result, linked to its parent's: a path is spelled out only for a string with a finding. */
interface Place {
  parent: Place | null;
  key: string | number;
}

interface Slot {
  place: Place | null;
  text: string;
}

function pathOf(place: Place | null): (string | number)[] {
  const path: (string | number)[] = [];
  for (let p = place; p; p = p.parent) path.push(p.key);
  return path.reverse();
}

/** Every string of the result with its place; iterative, so that no nesting depth can overflow the stack. */
function textsOf(result: unknown): Slot[] {
  const slots: Slot[] = [];
  const stack: { value: unknown; place: Place | null }[] = [{ value: result, place: null }];
  while (stack.length) {
    const { value, place } = stack.pop()!;
    if (typeof value === "string") slots.push({ place, text: value });
    // Children go on the stack last first, so that strings come out (and findings are reported) in the result's order.
    else if (Array.isArray(value)) for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], place: { parent: place, key: i } });
    else if (value && typeof value === "object") {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, v] = entries[i];
        if (!NOT_TEXT.has(k)) stack.push({ value: v, place: { parent: place, key: k } });
      }
    }
  }
  return slots;
}

const pointerOf = (path: (string | number)[]) => path.map((p) => `/${String(p).replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");
const hashOf = (span: string) => createHash("sha256").update(span).digest("hex").slice(0, 16);

type Span = Pick<ResultFinding, "ruleId" | "what" | "start" | "end">;

/** The scanner reads a text's first MAX_CUE_TEXT characters; a longer result is read in windows this long... */
const WINDOW = 6_000;
/** ...each overlapping the one before by this much, so that a sentence across a window's end is read whole in the next. */
const OVERLAP = 600;

const INSTRUCTION_WHAT: Record<string, string> = {
  override: "an order to drop the model's instructions",
  "role-reset": "a new role for the model",
  concealment: "an order to hide something from the user",
  exfiltration: "an order to send data out",
  "context-harvest": "an order to hand over the conversation",
  "false-authority": "a claim of authority over the model",
  "tag-block": "a block of instructions to the model",
  precondition: "an order to do something first",
  unsanctioned: "an order to act without the user",
  redirection: "an order to use another tool or place",
  "command-injection": "a command for the model to run",
  "direct-command": "an order to the model",
  escalation: "an order to take more privilege",
  "local-request": "a request to a service on the user's machine",
};

/**
 * A sentence cue's span longer than this is a run of code or data with no
 * sentence's end (a manifest, a minified file), where a sending verb and an
 * address far apart are not an order: not reported. Measured on the
 * corpus's benign half (docs/gateways.md), where such runs were most of
 * what the guard changed.
 */
const LONGEST_SENTENCE = 600;

/** How far a span is widened to its sentence's ends, at most, each way. */
const SENTENCE_REACH = 400;
/** Whether the character at `i` ends a sentence: "!", "?", a line's end, or a full stop before a space ("~/.ssh" goes on). */
const endsSentence = (text: string, i: number) => /[!?\n]/.test(text[i]) || (text[i] === "." && (i + 1 >= text.length || /\s/.test(text[i + 1])));

/**
 * The span widened to the sentence around it (within SENTENCE_REACH each
 * way): a phrase such as "ignore previous instructions" is removed with the
 * order that follows it, not alone.
 */
function sentenceAround(text: string, start: number, end: number): [number, number] {
  let s = start;
  while (s > 0 && start - s < SENTENCE_REACH && !endsSentence(text, s - 1)) s--;
  let e = end;
  while (e < text.length && e - end < SENTENCE_REACH && !(e > 0 && endsSentence(text, e - 1))) e++;
  while (s < e && /\s/.test(text[s])) s++;
  return [s, e];
}

/**
 * Instructions aimed at the model, by the scanner's own model-instructions
 * rule. Only its high and critical techniques count: a result is often a
 * tutorial or a manual, whose imperatives and urgency (the rule's low and
 * medium cues) are addressed to a reader, not to the model.
 */
export function instructionFindings(text: string): Span[] {
  const spans: Span[] = [];
  const seen = new Set<string>();
  for (let from = 0; from < text.length; from += WINDOW - OVERLAP) {
    for (const m of instructionSpans(text.slice(from, from + WINDOW))) {
      if (m.severity !== "high" && m.severity !== "critical") continue;
      if (m.end - m.start > LONGEST_SENTENCE) continue;
      const [s, e] = sentenceAround(text, from + m.start, from + m.end);
      // One technique found twice in a sentence (or again in the next window's overlap) is one finding.
      const key = `${m.category}:${s}:${e}`;
      if (seen.has(key)) continue;
      seen.add(key);
      spans.push({ ruleId: `model-instructions.${m.category}`, what: INSTRUCTION_WHAT[m.category] ?? "instructions to the model", start: s, end: e });
    }
    if (from + WINDOW >= text.length) break;
  }
  return spans;
}

const DETECTORS: Record<ResultFindingKind, (text: string) => Span[]> = {
  secrets: secretSpans,
  instructions: instructionFindings,
};

const MARKER_NOUN: Record<ResultFindingKind, string> = { secrets: "secret", instructions: "instructions to the model" };

/** The text with each span replaced by a marker that says what it held; overlapping spans are one. */
function redactText(text: string, findings: ResultFinding[]): string {
  const sorted = [...findings].sort((a, b) => a.start - b.start || b.end - a.end);
  let out = "";
  let at = 0;
  for (const f of sorted) {
    if (f.end <= at) continue;
    out += text.slice(at, Math.max(at, f.start)) + `[${MARKER_NOUN[f.kind]} removed by the gateway: ${f.what}]`;
    at = f.end;
  }
  return out + text.slice(at);
}

type Container = Record<string | number, unknown>;

/**
 * The result with the strings at `paths` replaced: only the containers on
 * their way are copied (the server's object stays as it came, and a deep
 * result is not cloned whole).
 */
function replaced(root: unknown, changes: { path: (string | number)[]; text: string }[]): unknown {
  const copies = new Set<unknown>();
  const copy = (node: unknown): Container => {
    if (copies.has(node)) return node as Container;
    const fresh = (Array.isArray(node) ? [...node] : { ...(node as object) }) as Container;
    copies.add(fresh);
    return fresh;
  };
  const out = copy(root);
  for (const { path, text } of changes) {
    let node = out;
    for (const key of path.slice(0, -1)) node = node[key] = copy(node[key]);
    node[path[path.length - 1]] = text;
  }
  return out;
}

export function guardResult(input: { result: unknown; policy: ResultPolicy }): GuardOutput {
  const kinds = (Object.keys(DETECTORS) as ResultFindingKind[]).filter((k) => input.policy[k] !== "off");
  const findings: ResultFinding[] = [];
  const changes: { path: (string | number)[]; text: string }[] = [];
  if (!kinds.length) return { findings, result: input.result };
  for (const slot of textsOf(input.result)) {
    const spans = kinds.flatMap((kind) => DETECTORS[kind](slot.text).map((span) => ({ kind, ...span })));
    if (!spans.length) continue;
    const path = pathOf(slot.place);
    const here = spans.map((span): ResultFinding => ({ ...span, pointer: pointerOf(path), hash: hashOf(slot.text.slice(span.start, span.end)), action: input.policy[span.kind] }));
    findings.push(...here);
    const redacted = here.filter((f) => f.action === "redact");
    if (redacted.length) changes.push({ path, text: redactText(slot.text, redacted) });
  }
  if (!changes.length) return { findings, result: input.result };
  // A top-level string result (never one MCP sends) has no parent to write into.
  if (typeof input.result === "string") return { findings, result: changes[0].text };
  return { findings, result: replaced(input.result, changes) };
}
