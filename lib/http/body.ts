import { badRequest, payloadTooLarge } from "./errors";

export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/**
 * Reads a JSON body without ever holding more than `limit` bytes: the
 * declared length is checked first, then the stream is counted as it arrives.
 */
export async function readJsonBody(req: Request, limit = DEFAULT_MAX_BODY_BYTES): Promise<unknown> {
  const declared = Number(req.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > limit) throw payloadTooLarge(limit);
  if (!req.body) return undefined;

  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      // The client went away mid-body (Node reports it as ECONNRESET, which must not pass for a database failure).
      throw badRequest("The request body ended before it was complete.");
    }
    const { done, value } = chunk;
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw payloadTooLarge(limit);
    }
    chunks.push(value);
  }
  if (size === 0) return undefined;
  const text = Buffer.concat(chunks).toString("utf8");
  let nul = false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text, (key, value: unknown) => {
      nul ||= hasNul(key) || hasNul(value);
      return value;
    });
  } catch {
    throw badRequest("The request body is not valid JSON.");
  }
  if (nul) throw nulRefused();
  return parsed;
}

/**
 * PostgreSQL cannot store U+0000 in text or jsonb: a value carrying it would
 * fail at the first write, after the checks. It is refused at the door.
 */
export function hasNul(value: unknown): boolean {
  return typeof value === "string" && value.includes("\u0000");
}

export const nulRefused = () => badRequest("The request is refused: text may not contain the NUL character (U+0000).");
