import { causeChain } from "../errors/cause-chain";

/**
 * Why an outbound request failed, in words a user can act on. `kind` lets
 * callers map it to a status: a refused address is the user's input, the
 * rest are the remote side's doing.
 */
export type OutboundErrorKind = "refused" | "unreachable" | "timeout" | "too_large" | "redirect";

export class OutboundError extends Error {
  constructor(
    readonly kind: OutboundErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "OutboundError";
  }
}

/** The OutboundError anywhere in an error's cause chain (fetch wraps them in TypeError). */
export function findOutboundError(err: unknown): OutboundError | undefined {
  for (const e of causeChain(err)) {
    if (e instanceof OutboundError) return e;
  }
  return undefined;
}
