import "server-only";
import { createHash, hkdfSync } from "node:crypto";
import { createRequestStateCodec, inputRequired, type InputRequiredResult, type InputRequest, type RequestStateCodec, type ServerContext } from "@modelcontextprotocol/server";
import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import { anySignal } from "../../follow-signal";
import { serverSecrets } from "../../secrets";
import type { CallEvents } from "../../upstream/call";
import { refusalOf } from "./client-capability";
import { declinedAnswers } from "./declined";
import { GatewayError, type GatewayClient } from "./operations";

/**
 * A 2025 server's questions during a call (elicitation, sampling, roots),
 * put to a client of 2026-07-28, which takes no request from a server: the
 * gateway stops the call at the question and answers `input_required`
 * with it; the client retries with its answer, and the gateway runs the
 * call again, answering the server's same question (the same method and
 * parameters) from the client's answer. Nothing is kept between rounds but
 * the `requestState` the client echoes, signed with the console's secret,
 * so any instance serves any round: no session, no sticky routing. The
 * server runs the call once per round: what it did before asking, it does
 * again (docs/gateways.md).
 */

/** Rounds of questions one call may take before the gateway gives up on it. */
const MAX_ROUNDS = 8;
/** How long a client may take to answer a round. */
const STATE_TTL_SEC = 10 * 60;

/** What a round hands the next: whose call it is, and the answers so far by question. */
interface RoundState {
  gatewayId: string;
  laneId: string;
  item: string;
  round: number;
  answers: Record<string, Record<string, unknown>>;
  /** The questions of the last round, whose answers the retry carries. */
  asked: string[];
}

let codec: RequestStateCodec<RoundState> | undefined;
/** Signs and checks `requestState` with a key of its own, derived from the console's session secret as every instance has it. */
export function roundStates(): RequestStateCodec<RoundState> {
  codec ??= createRequestStateCodec<RoundState>({
    key: new Uint8Array(hkdfSync("sha256", serverSecrets().sessionSecret, "mcp-console", "gateway-request-state", 32)),
    ttlSeconds: STATE_TTL_SEC,
  });
  return codec;
}

/** A question's key: the same question asked again, in the next round, has the same one. */
const keyOf = (request: InputRequest) => createHash("sha256").update(JSON.stringify(request)).digest("base64url").slice(0, 22);

/**
 * One round of a call of `item` for the client: the signal that stops the
 * call at the server's first unanswered question, the events that answer
 * or collect its questions, and `settle`, which turns the call's end into
 * its result, or into `input_required` when it was stopped at a question.
 */
export function inputRound(ctx: ServerContext, gatewayId: string, client: GatewayClient, item: string) {
  const previous = ctx.mcpReq.requestState<RoundState>();
  if (previous && (previous.gatewayId !== gatewayId || previous.laneId !== client.laneId || previous.item !== item)) {
    throw new GatewayError(ErrorCode.InvalidParams, "This requestState belongs to another call: retry with the one its input_required answer gave.");
  }
  const answers = { ...previous?.answers };
  for (const key of previous?.asked ?? []) {
    const answer = ctx.mcpReq.inputResponses?.[key];
    if (answer && typeof answer === "object") answers[key] = answer as Record<string, unknown>;
  }
  const questions = new Map<string, InputRequest>();
  const stop = new AbortController();
  let refused: GatewayError | undefined;
  const declined = declinedAnswers();

  function ask(request: InputRequest): Promise<Record<string, unknown>> {
    const key = keyOf(request);
    if (answers[key]) {
      declined.note(request, answers[key]);
      return Promise.resolve(answers[key]);
    }
    const refusal = refusalOf(request, client);
    declined.refused(request, refusal);
    if (refusal) {
      refused = refusal;
      return Promise.reject(refusal);
    }
    questions.set(key, request);
    stop.abort();
    return Promise.reject(new GatewayError(ErrorCode.InvalidRequest, "The gateway put this question to its client; the call is run again with the answer."));
  }

  const events: Pick<CallEvents, "onServerRequest" | "onRoots"> = {
    onServerRequest: (request) =>
      ask(request.kind === "elicitation" ? { method: "elicitation/create", params: request.params as never } : { method: "sampling/createMessage", params: request.params as never }),
    onRoots: () => ask({ method: "roots/list" }) as never,
  };

  async function settle<T>(call: Promise<T>): Promise<T | InputRequiredResult> {
    try {
      return await call;
    } catch (err) {
      if (questions.size === 0) throw err;
    }
    const round = (previous?.round ?? 0) + 1;
    if (round > MAX_ROUNDS) throw new GatewayError(ErrorCode.InvalidRequest, `The server asked its client more than ${MAX_ROUNDS} rounds of questions during one call; the gateway stopped it.`);
    const state: RoundState = { gatewayId, laneId: client.laneId, item, round, answers, asked: [...questions.keys()] };
    return inputRequired({ inputRequests: Object.fromEntries(questions), requestState: await roundStates().mint(state) });
  }

  return {
    signal: anySignal([ctx.mcpReq.signal, stop.signal]),
    events,
    settle,
    refusal: () => refused,
    declined: declined.declined,
    asked: () => [...questions.values()].map((q) => q.method),
  };
}
