import "server-only";
import type { Credential } from "./access";
import type { LimitHit } from "./limits";

/**
 * The count of a request that is answered before it is counted is owed, and
 * paid once: by the statement of the call it carries (beginGatewayCall, from
 * operations.ts's `begin`, so that a call waits one round trip, not two), or
 * alone: before a hidden item's refusal is audited, while a list is being
 * read, or once the answer shows that no call began (handler.ts). The route
 * waits for the payment before the answer goes out, and refuses the request
 * with 429 instead when it was over its limit.
 */
export class OwedRequest {
  readonly #outcome: Promise<LimitHit | null>;
  #settle!: (payment: Promise<LimitHit | null>) => void;
  #paid = false;

  constructor(
    readonly credential: Pick<Credential, "tokenId" | "grantId">,
    private readonly alone: () => Promise<LimitHit | null>,
  ) {
    this.#outcome = new Promise((resolve) => (this.#settle = resolve));
    // Awaited, but perhaps only after other awaits: a failed count is not an unhandled rejection meanwhile.
    this.#outcome.catch(() => {});
  }

  get paid(): boolean {
    return this.#paid;
  }

  /** Pays with `statement` (one that counts the request among other things), or alone; only the first payment counts. */
  pay(statement: () => Promise<LimitHit | null> = this.alone): Promise<LimitHit | null> {
    if (!this.#paid) {
      this.#paid = true;
      this.#settle(statement());
    }
    return this.#outcome;
  }

  /** The request limit's refusal, or null, once the request is paid (whoever pays it). */
  get outcome(): Promise<LimitHit | null> {
    return this.#outcome;
  }
}
