import type { CallMethod } from "./schema";
import { isRecord } from "@/lib/guards";
import { plural } from "@/lib/plural";

/**
 * One-line summaries of results for the history and the activity log, and
 * the bounded copy of a result that the history keeps.
 */

const MAX_SUMMARY = 200;

function oneLine(text: string, max = MAX_SUMMARY): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function describeBlock(block: unknown): string {
  if (!isRecord(block)) return "content";
  switch (block.type) {
    case "text":
      return typeof block.text === "string" ? block.text : "text";
    case "image":
    case "audio":
      return `${block.type} (${typeof block.mimeType === "string" ? block.mimeType : "unknown type"})`;
    case "resource_link":
      return `link to ${typeof block.uri === "string" ? block.uri : "a resource"}`;
    case "resource":
      return `embedded ${isRecord(block.resource) && typeof block.resource.uri === "string" ? block.resource.uri : "resource"}`;
    default:
      return String(block.type ?? "content");
  }
}

export function summarizeResult(method: CallMethod, result: unknown): string {
  const r = isRecord(result) ? result : {};
  switch (method) {
    case "ping":
      return "Pong";
    case "tools/call": {
      const content = Array.isArray(r.content) ? r.content : [];
      const first = content.length > 0 ? describeBlock(content[0]) : r.structuredContent !== undefined ? "structured content" : "no content";
      const more = content.length > 1 ? ` (+${plural(content.length - 1, "more block")})` : "";
      return oneLine(`${r.isError === true ? "Error: " : ""}${first}${more}`);
    }
    case "resources/read": {
      const contents = Array.isArray(r.contents) ? r.contents.filter(isRecord) : [];
      const types = [...new Set(contents.map((c) => (typeof c.mimeType === "string" ? c.mimeType : typeof c.blob === "string" ? "binary" : "text")))];
      return oneLine(`${plural(contents.length, "content")}${types.length ? ` (${types.join(", ")})` : ""}`);
    }
    case "prompts/get": {
      const messages = Array.isArray(r.messages) ? r.messages : [];
      const description = typeof r.description === "string" && r.description ? `: ${r.description}` : "";
      return oneLine(`${plural(messages.length, "message")}${description}`);
    }
  }
}

/** Whether a result reports failure although the call succeeded (a tool's `isError`). */
export const isErrorResult = (method: CallMethod, result: unknown) =>
  method === "tools/call" && isRecord(result) && result.isError === true;

const LIMITS = { string: 2_000, base64: 256, items: 50, depth: 8 };
const BASE64_KEYS = new Set(["data", "blob"]);

/**
 * A copy small enough to keep: long strings cut, media payloads replaced
 * by their size, long lists shortened. Enough to recognise a result later.
 */
export function boundedCopy(value: unknown, depth = 0, key = ""): unknown {
  if (typeof value === "string") {
    if (BASE64_KEYS.has(key) && value.length > LIMITS.base64) return `[${Math.round((value.length * 3) / 4)} bytes not kept]`;
    return value.length > LIMITS.string ? `${value.slice(0, LIMITS.string)}… [${value.length - LIMITS.string} more characters]` : value;
  }
  if (value === null || typeof value !== "object") return value;
  if (depth >= LIMITS.depth) return "[nested too deep]";
  if (Array.isArray(value)) {
    const kept = value.slice(0, LIMITS.items).map((v) => boundedCopy(v, depth + 1));
    return value.length > LIMITS.items ? [...kept, `[${value.length - LIMITS.items} more items]`] : kept;
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, boundedCopy(v, depth + 1, k)]));
}
