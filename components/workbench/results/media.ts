import { formatBytes } from "@/lib/bytes";

/** Media decoded from base64 is held in memory and drawn by the browser: bigger than this is not shown. */
export const DEFAULT_MEDIA_LIMIT_BYTES = 5 * 1024 * 1024;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i;

/** Size of the decoded bytes, or `undefined` when the text is not base64. Whitespace (line breaks) is allowed. */
export function decodedSize(base64: string): number | undefined {
  const compact = base64.replace(/\s+/g, "");
  if (!BASE64.test(compact) || compact.length % 4 === 1) return undefined;
  const padding = compact.endsWith("==") ? 2 : compact.endsWith("=") ? 1 : 0;
  return Math.floor((compact.length * 3) / 4) - padding;
}

export type MediaCheck =
  | { ok: true; src: string; size: number; mimeType: string }
  /** Why it is not shown, to follow "Image not shown: ". */
  | { ok: false; reason: string };

/**
 * Whether base64 media can be shown: a well-formed MIME type of the expected
 * family (so a data: URL cannot carry something else), valid base64 and within
 * the size limit. `family` undefined accepts any type (downloads).
 */
export function checkMedia(
  data: string,
  mimeType: string | undefined,
  family: "image" | "audio" | undefined,
  limit: number,
): MediaCheck {
  const type = (mimeType ?? "application/octet-stream").trim().toLowerCase();
  if (!MIME.test(type) || (family && !type.startsWith(`${family}/`))) {
    const expected = family === "audio" ? "an audio" : family === "image" ? "an image" : "a valid";
    return { ok: false, reason: `"${mimeType ?? ""}" is not ${expected} type` };
  }
  const size = decodedSize(data);
  if (size === undefined) return { ok: false, reason: "the data is not valid base64" };
  if (size > limit) return { ok: false, reason: `${formatBytes(size)} is over the ${formatBytes(limit)} limit` };
  return { ok: true, src: `data:${type};base64,${data.replace(/\s+/g, "")}`, size, mimeType: type };
}

/** The last path segment of a URI, as a download file name. */
export function fileNameFor(uri: string): string {
  const last = uri.split(/[?#]/)[0].split("/").filter(Boolean).pop() ?? "";
  const cleaned = decodeURIComponentSafe(last).replace(/[^\w.-]+/g, "_");
  return cleaned && cleaned !== "_" ? cleaned : "resource";
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The parsed value when text is a JSON object or array (what people want pretty-printed), else `undefined`. */
export function jsonInText(text: string): unknown {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return undefined;
  try {
    return JSON.parse(trimmed);
  } catch {
    return undefined;
  }
}
