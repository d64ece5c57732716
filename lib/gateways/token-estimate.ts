import "server-only";
import { offload } from "../worker-pool/pool";

/**
 * What listed definitions cost an agent's context, counted by a real
 * tokenizer (gpt-tokenizer's o200k_base, the encoding of GPT-4o and later).
 * Other models' tokenizers differ by some percent: an estimate, said so on
 * the page. On a worker thread: the encoding's tables are large, and a
 * gateway's definitions can be many.
 */
export const TOKENIZER = "o200k_base (gpt-tokenizer)";

export function countTokens(texts: string[]): Promise<number[]> {
  if (texts.length === 0) return Promise.resolve([]);
  return offload<number[]>("countTokens", texts, { timeoutMs: 15_000 });
}
