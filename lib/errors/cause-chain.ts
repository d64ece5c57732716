/**
 * Libraries wrap the failure that matters: fetch puts undici's socket error
 * in a TypeError, Drizzle puts the driver's in its query error, the MCP SDK
 * and our own errors carry theirs as `cause`. Asking what went wrong means
 * walking that chain. The walk is bounded so that a cycle cannot hang it.
 */
const MAX_DEPTH = 10;

/** An error and each of its causes, outermost first. */
export function* causeChain(err: unknown): Generator<unknown> {
  let e = err;
  for (let depth = 0; e && depth < MAX_DEPTH; depth++) {
    yield e;
    e = (e as { cause?: unknown }).cause;
  }
}

/** The string `code`s along the chain (Node's socket and TLS codes, SQLSTATEs), outermost first. */
export function causeCodes(err: unknown): string[] {
  const codes: string[] = [];
  for (const e of causeChain(err)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") codes.push(code);
  }
  return codes;
}
