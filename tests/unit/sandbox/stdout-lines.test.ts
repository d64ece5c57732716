/** @jest-environment node */
import { StdoutLines } from "@/lib/sandbox/stdout-lines";

const ping = { jsonrpc: "2.0", id: 1, method: "ping" };
const answer = { jsonrpc: "2.0", id: 1, result: {} };
const line = (value: unknown) => `${JSON.stringify(value)}\n`;
const STRAY_REASON = "The server printed more than 3 lines in a row on stdout that are not MCP messages and was stopped. A server's logs belong on stderr.";

function reader(maxMessageBytes = 1024, maxStrayLines = 3) {
  const lines = new StdoutLines(maxMessageBytes, maxStrayLines);
  const feed = (...chunks: string[]) => {
    for (const chunk of chunks) lines.append(Buffer.from(chunk));
    return lines.take(Infinity);
  };
  return { lines, feed };
}

it("reads one message a line, a line split across chunks and a CRLF ending included", () => {
  const { feed } = reader();
  const text = line(ping);
  expect(feed(text.slice(0, 5))).toEqual({ messages: [], more: false });
  expect(feed(text.slice(5), `${JSON.stringify(answer)}\r\n`)).toEqual({ messages: [ping, answer], more: false });
});

it("drops stray lines between messages: a log line, a blank line, a JSON log line, a broken message", () => {
  const { feed } = reader();
  expect(feed("Server started on stdio\n", line(ping), "\n", line({ level: "info", msg: "listening" }), line(answer), '{"jsonrpc":"2.0","method":"x","extra":1}\n', "{not json\n")).toEqual({
    messages: [ping, answer],
    more: false,
  });
});

it("stops a server after a run of stray lines longer than allowed, and reads nothing after it", () => {
  const { feed } = reader();
  expect(feed("y\ny\ny\n").cap).toBeUndefined();
  expect(feed("y\n", line(ping))).toEqual({ messages: [], more: false, cap: STRAY_REASON });
  expect(feed(line(ping))).toEqual({ messages: [], more: false, cap: STRAY_REASON });
});

it("counts a run from the last message: a stray line now and then is never stopped", () => {
  const { feed } = reader();
  for (let i = 0; i < 20; i++) expect(feed("a log line\n", "{}\n", "\n", line(ping))).toEqual({ messages: [ping], more: false });
});

it("stops a server whose line is longer than the largest message, before the line ends", () => {
  const cap = (bytes: number) => `The server sent a message larger than allowed: a line of more than ${bytes} bytes.`;
  const { feed } = reader(64);
  expect(feed("x".repeat(40))).toEqual({ messages: [], more: false });
  expect(feed("x".repeat(40))).toEqual({ messages: [], more: false, cap: cap(64) });
  expect(reader(16).feed(line(ping))).toEqual({ messages: [], more: false, cap: cap(16) });
});

it("reads for the time it is given and says what is left: at least a line a turn", () => {
  const { lines } = reader();
  lines.append(Buffer.from(line(ping) + line(answer)));
  expect(lines.take(0)).toEqual({ messages: [ping], more: true });
  expect(lines.take(0)).toEqual({ messages: [answer], more: false });
});
