import { createHash } from "node:crypto";
import type { ResultAction, ResultFindingKind, ResultPolicy } from "../schema";
import { instructionFindings } from "./instructions";
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

/**
 * A content block's kind, the value of its `type`: a word of the protocol
 * that no rule of either kind finds anything in, so it is passed over (each
 * text read costs the rules' passes, and every block has one).
 */
const BLOCK_KINDS = new Set(["text", "image", "audio", "resource", "resource_link"]);

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
    if (typeof value === "string") {
      if (!(place?.key === "type" && BLOCK_KINDS.has(value))) slots.push({ place, text: value });
    }
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
