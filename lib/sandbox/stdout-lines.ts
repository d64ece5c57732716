import { parseJSONRPCMessage, type JSONRPCMessage } from "@modelcontextprotocol/client";

const NEWLINE = 0x0a;
const OPEN_BRACE = 0x7b;
const EMPTY = Buffer.alloc(0);

/** What one `take` gave: the messages read, and why to stop the server when it must be stopped. */
export type LinesTaken = {
  messages: JSONRPCMessage[];
  /** Bytes are left to read: take them on a later turn of the event loop. */
  more: boolean;
  /** The cap the server's stdout reached, as its reason; nothing more is read once it is set. */
  cap?: string;
};

/** Has what every JSON-RPC message has: its version, and a method (a request, a notification) or an outcome (a response). */
function looksLikeMessage(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const fields = value as { jsonrpc?: unknown; method?: unknown };
  return fields.jsonrpc === "2.0" && (typeof fields.method === "string" || "result" in fields || "error" in fields);
}

/** A JSON-RPC message on its own, or null: cheap for what cannot be one, so that a flood of other lines costs no exceptions. */
function messageOf(line: Buffer): JSONRPCMessage | null {
  let start = 0;
  while (start < line.length && (line[start] === 0x20 || line[start] === 0x09)) start++;
  // Every JSON-RPC message is an object: a line that does not start as one (a log line, `yes`) is passed over unparsed.
  if (line[start] !== OPEN_BRACE) return null;
  let value: unknown;
  try {
    value = JSON.parse(line.toString("utf8"));
  } catch {
    return null;
  }
  // A JSON log line (`{"level":"info",…}`) is no message either, known without the schema: its
  // refusal is an exception that costs about 0.1 ms, a hundred times a line passed over here.
  if (!looksLikeMessage(value)) return null;
  try {
    return parseJSONRPCMessage(value);
  } catch {
    return null;
  }
}

/**
 * A stdio server's stdout, read line by line as the SDK's ReadBuffer reads it (one JSON-RPC message
 * a line), but with bounded work: lines that are not messages are dropped without a parse exception
 * each, `take` reads for a given time so that the caller can let the event loop turn, and a
 * server that prints a run of lines that are not messages is stopped instead of read to its output cap.
 * Held bytes are bounded too: a line longer than the largest message is a cap.
 */
export class StdoutLines {
  /** Chunks appended and not yet reached. */
  private readonly queue: Buffer[] = [];
  /** The chunk being read, from `offset`. */
  private head: Buffer = EMPTY;
  private offset = 0;
  /** The start of a line that began in earlier chunks. */
  private partial: Buffer[] = [];
  private partialBytes = 0;
  /** Lines in a row that were not messages. */
  private strayRun = 0;
  private capped?: string;

  constructor(
    private readonly maxMessageBytes: number,
    private readonly maxStrayLines: number,
  ) {}

  append(chunk: Buffer): void {
    if (!this.capped) this.queue.push(chunk);
  }

  /**
   * Reads whole lines for `turnMs` (at least one line): the time is what bounds a turn, since a line
   * costs from a fraction of a microsecond (passed over) to the parse of a large message.
   */
  take(turnMs: number): LinesTaken {
    const messages: JSONRPCMessage[] = [];
    const until = performance.now() + turnMs;
    while (!this.capped) {
      const line = this.nextLine();
      if (line === null) return { messages, more: false };
      if (this.capped) break;
      const message = messageOf(line);
      if (message) {
        this.strayRun = 0;
        messages.push(message);
      } else if (++this.strayRun > this.maxStrayLines) {
        this.cap(
          `The server printed more than ${this.maxStrayLines} lines in a row on stdout that are not MCP messages and was stopped. A server's logs belong on stderr.`,
        );
        break;
      }
      if (performance.now() >= until) return { messages, more: this.offset < this.head.length || this.queue.length > 0 };
    }
    return { messages, more: false, cap: this.capped };
  }

  clear(): void {
    this.queue.length = 0;
    this.head = EMPTY;
    this.offset = 0;
    this.partial = [];
    this.partialBytes = 0;
  }

  private cap(reason: string): void {
    this.capped = reason;
    this.clear();
  }

  /** The next whole line (without its newline), or null when none is whole yet. */
  private nextLine(): Buffer | null {
    for (;;) {
      if (this.offset >= this.head.length) {
        const next = this.queue.shift();
        if (!next) return null;
        this.head = next;
        this.offset = 0;
      }
      const end = this.head.indexOf(NEWLINE, this.offset);
      if (end === -1) {
        const piece = this.head.subarray(this.offset);
        this.partial.push(piece);
        this.partialBytes += piece.length;
        this.head = EMPTY;
        this.offset = 0;
        if (this.partialBytes > this.maxMessageBytes) return this.tooLarge();
        continue;
      }
      let line = this.head.subarray(this.offset, end);
      this.offset = end + 1;
      if (this.partial.length > 0) {
        line = Buffer.concat([...this.partial, line]);
        this.partial = [];
        this.partialBytes = 0;
      }
      if (line.length > this.maxMessageBytes) return this.tooLarge();
      return line;
    }
  }

  private tooLarge(): Buffer {
    this.cap(`The server sent a message larger than allowed: a line of more than ${this.maxMessageBytes} bytes.`);
    return EMPTY;
  }
}
