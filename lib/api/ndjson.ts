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
