import type { CallStreamLine } from "@/lib/workbench/schema";

/**
 * Reading a workbench call's stream of lines (`POST /api/servers/{id}/call`
 * with a stream): up to the server's question, then the rest on demand.
 */

/** Reads lines up to the server's request, then the rest of the call on demand. */
export async function untilAsked(lines: AsyncGenerator<CallStreamLine>) {
  for (let step = await lines.next(); !step.done; step = await lines.next()) {
    if (step.value.type === "server-request") return step.value;
    if (step.value.type === "result" || step.value.type === "error") throw new Error(`the call ended first: ${JSON.stringify(step.value)}`);
  }
  throw new Error("the stream ended without a request");
}

export async function lastLine(lines: AsyncGenerator<CallStreamLine>) {
  let last: CallStreamLine | undefined;
  for await (const line of lines) last = line;
  return last;
}

/** A result line's text content, or the line itself for anything else. */
export const textOf = (line: CallStreamLine | undefined) =>
  line?.type === "result" ? (line.result as { content: { text: string }[] }).content.map((c) => c.text).join("\n") : JSON.stringify(line);
