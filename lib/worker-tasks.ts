import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { definitionEntries } from "./mcp/definitions";
import { runRules } from "./scanner/run-rules";
import { guardResult } from "./gateways/results/guard";
import { definitionSides } from "./gateways/definition-sides";

/**
 * What the worker threads of lib/worker-pool run, by name: pure functions of
 * their input (no database, no network) whose cost grows with what a server
 * sent. Only the workers load this table (by path, lib/worker-pool/entry.mjs);
 * callers name a task and run the same function inline when the input is small.
 */
export const TASKS: Record<string, (input: never) => unknown> = {
  /** Nothing: answered once the worker has loaded this table, and with it every task's modules and rules. */
  ready: () => true,
  /** The scan's rules, stopping between rules once `budgetMs` has passed. */
  scan: (input: { scan: Parameters<typeof runRules>[0]; tier: Parameters<typeof runRules>[1]; budgetMs: number }) =>
    runRules(input.scan, input.tier, { deadline: performance.now() + input.budgetMs }),
  /** Each definition's key and canonical hash, and the tool list's hash. */
  hashDefinitions: definitionEntries,
  /** Tokens of each text as GPT-4o and later models count them (the encoding's tables load once per worker). */
  countTokens: (texts: string[]) => texts.map((text) => countTokens(text)),
  /** A gateway call's result read by the result guard: its findings, and the result with `redact` spans replaced. */
  guardResult,
  /** An approved definition beside the one offered now, the changed parts marked, for the approve dialog. */
  definitionSides,
};
