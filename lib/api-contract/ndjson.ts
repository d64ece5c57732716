/** Newline-delimited JSON: the type of the API's streamed answers (a workbench call, a server's events). */
export const NDJSON = "application/x-ndjson";

/** The NDJSON lines of `body`, each as it arrives, until the stream ends (or the reader stops asking). */
export async function* ndjsonLines<T>(body: ReadableStream<BufferSource>): AsyncGenerator<T> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffered += value;
      let newline: number;
      while ((newline = buffered.indexOf("\n")) >= 0) {
        const text = buffered.slice(0, newline).trim();
        buffered = buffered.slice(newline + 1);
        if (text) yield JSON.parse(text) as T;
      }
    }
  } finally {
    reader.releaseLock();
  }
}

/** Hands each NDJSON line of `body` to `onLine` as it arrives, until the stream ends. */
export async function readLines<T>(body: ReadableStream<BufferSource>, onLine: (line: T) => void): Promise<void> {
  for await (const line of ndjsonLines<T>(body)) onLine(line);
}

/** The sending side of a streamed NDJSON answer. */
export interface NdjsonWriter<T> {
  /** Sends one line; nothing once the stream has ended. */
  write(line: T): void;
  /** Ends the stream; later calls do nothing. */
  close(): void;
  readonly open: boolean;
}

/**
 * A streamed NDJSON answer: `start` is handed the writer at once, `onCancel`
 * runs when the reader goes away first (the writer is still open then, so
 * that it can clean up and close).
 */
export function ndjsonResponse<T>(start: (out: NdjsonWriter<T>) => void, onCancel: () => void): Response {
  const encoder = new TextEncoder();
  let open = true;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const out: NdjsonWriter<T> = {
    write(line) {
      if (open) controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
    },
    close() {
      if (!open) return;
      open = false;
      try {
        controller.close();
      } catch {
        // Already closed: the reader went away first.
      }
    },
    get open() {
      return open;
    },
  };
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      start(out);
    },
    cancel() {
      onCancel();
      open = false;
    },
  });
  return new Response(body, {
    headers: {
      "content-type": `${NDJSON}; charset=utf-8`,
      // no-transform keeps compression from holding lines back; x-accel-buffering, nginx.
      "cache-control": "no-store, no-transform",
      "x-accel-buffering": "no",
    },
  });
}
