import { isRecord } from "@/lib/guards";

/**
 * MCP result shapes as they arrive from the API: typed loosely on purpose,
 * since a server may send anything. Each block is checked before it is shown.
 */

export interface ContentAnnotations {
  audience?: string[];
  priority?: number;
}

export interface TextBlock {
  type: "text";
  text: string;
  annotations?: ContentAnnotations;
}

export interface MediaBlock {
  type: "image" | "audio";
  data: string;
  mimeType: string;
  annotations?: ContentAnnotations;
}

export interface ResourceLinkBlock {
  type: "resource_link";
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  annotations?: ContentAnnotations;
}

/** One entry of `ReadResourceResult.contents`, or the `resource` of an embedded resource. */
export interface ResourceContents {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
}

export interface EmbeddedResourceBlock {
  type: "resource";
  resource: ResourceContents;
  annotations?: ContentAnnotations;
}

export interface UnknownBlock {
  type: "unknown";
  raw: unknown;
}

export type ContentBlock = TextBlock | MediaBlock | ResourceLinkBlock | EmbeddedResourceBlock | UnknownBlock;

/** A `CallToolResult`; the SDK's type fits. */
export interface ToolResult {
  content?: unknown[];
  structuredContent?: unknown;
  isError?: boolean;
}

/** A `ReadResourceResult`. */
export interface ResourceResult {
  contents?: unknown[];
}

/** A `GetPromptResult`. */
export interface PromptResult {
  description?: string;
  messages?: unknown[];
}

const isString = (v: unknown): v is string => typeof v === "string";

function annotationsOf(raw: Record<string, unknown>): ContentAnnotations | undefined {
  const a = raw.annotations;
  if (!isRecord(a)) return undefined;
  return {
    audience: Array.isArray(a.audience) ? a.audience.filter(isString) : undefined,
    priority: typeof a.priority === "number" ? a.priority : undefined,
  };
}

export function asResourceContents(raw: unknown): ResourceContents | undefined {
  if (!isRecord(raw) || !isString(raw.uri)) return undefined;
  if (!isString(raw.text) && !isString(raw.blob)) return undefined;
  return {
    uri: raw.uri,
    mimeType: isString(raw.mimeType) ? raw.mimeType : undefined,
    text: isString(raw.text) ? raw.text : undefined,
    blob: isString(raw.blob) ? raw.blob : undefined,
  };
}

/** The block, checked; anything malformed or of a type this version does not know is `unknown`. */
export function asContentBlock(raw: unknown): ContentBlock {
  if (!isRecord(raw)) return { type: "unknown", raw };
  const annotations = annotationsOf(raw);
  switch (raw.type) {
    case "text":
      if (isString(raw.text)) return { type: "text", text: raw.text, annotations };
      break;
    case "image":
    case "audio":
      if (isString(raw.data) && isString(raw.mimeType)) {
        return { type: raw.type, data: raw.data, mimeType: raw.mimeType, annotations };
      }
      break;
    case "resource_link":
      if (isString(raw.uri) && isString(raw.name)) {
        return {
          type: "resource_link",
          uri: raw.uri,
          name: raw.name,
          title: isString(raw.title) ? raw.title : undefined,
          description: isString(raw.description) ? raw.description : undefined,
          mimeType: isString(raw.mimeType) ? raw.mimeType : undefined,
          size: typeof raw.size === "number" ? raw.size : undefined,
          annotations,
        };
      }
      break;
    case "resource": {
      const resource = asResourceContents(raw.resource);
      if (resource) return { type: "resource", resource, annotations };
      break;
    }
  }
  return { type: "unknown", raw };
}
