import "server-only";
import { HttpError } from "../http/errors";
import type { Logger } from "../log";
import type { PlanHolder } from "../plans/holder";
import { assertTaskSupport, executeCall, type CallOutcome } from "../upstream/call";
import { rememberCall } from "./history";
import { spendCall } from "./quota";
import { serverRequests } from "./server-requests";
import { NDJSON, ndjsonResponse } from "../api-contract/ndjson";
import type { CallRequest, CallResponse, CallStreamLine } from "./schema";
import { findCallTarget, type CallTarget } from "../servers/call-target";
import { anySignal } from "../follow-signal";

/**
 * `POST /api/servers/{id}/call`: ownership, the daily quota, the call on a
 * pooled connection, then the history and the activity event. Answers JSON,
 * or NDJSON lines (progress, log messages, the server's requests for the
 * person, then the result) when asked for with `Accept: application/x-ndjson`.
 */

export interface CallContext {
  req: Request;
  ip: string;
  log: Logger;
}

function remember(uid: string, target: CallTarget, request: CallRequest, outcome: CallOutcome, ctx: CallContext) {
  return rememberCall(uid, target, request, outcome, { req: ctx.req, ip: ctx.ip }).catch((err: unknown) => {
    // The server may have been deleted meanwhile; the answer was given either way.
    ctx.log.warn("workbench call not remembered", { err });
  });
}

export async function callServer(user: PlanHolder, serverId: string, request: CallRequest, ctx: CallContext): Promise<Response> {
  const target = await findCallTarget(user.uid, serverId);
  if (request.method === "tools/call" && request.params.task) await assertTaskSupport(user.uid, target, request.params.name);
  await spendCall(user);
  if (ctx.req.headers.get("accept")?.includes(NDJSON)) return streamCall(user.uid, target, request, ctx);

  const outcome = await executeCall(user.uid, target, request, { signal: ctx.req.signal });
  // Stored before the answer: a call answered 2xx is in the history even if the process dies at once.
  await remember(user.uid, target, request, outcome, ctx);
  if (outcome.ok) return answer({ result: outcome.result, durationMs: outcome.durationMs, exchange: outcome.exchange, protocolVersion: outcome.protocolVersion });
  const { code, message } = outcome.failure;
  throw new HttpError(code, message, {
    details: outcome.exchange ? { exchange: outcome.exchange } : undefined,
    extra: { durationMs: outcome.durationMs },
  });
}

/** Below this size an answer is sent as it is: compressing it costs more time than it saves. */
const COMPRESS_FROM_BYTES = 16 * 1024;

function answer(body: CallResponse): Response {
  const text = JSON.stringify(body);
  return new Response(text, {
    headers: {
      "content-type": "application/json",
      // Known, so that the answer leaves in one write rather than chunked.
      "content-length": String(Buffer.byteLength(text)),
      "cache-control": text.length < COMPRESS_FROM_BYTES ? "no-store, no-transform" : "no-store",
    },
  });
}

function streamCall(uid: string, target: CallTarget, request: CallRequest, ctx: CallContext): Response {
  const abort = new AbortController();
  const stop = () => abort.abort();
  // The client may be gone already: an abort that happened before the listener never fires it.
  if (ctx.req.signal.aborted) stop();
  else ctx.req.signal.addEventListener("abort", stop, { once: true });

  return ndjsonResponse<CallStreamLine>(
    ({ write, close }) => {
      void (async () => {
        const outcome = await executeCall(uid, target, request, {
          signal: abort.signal,
          events: {
            onProgress: (p) => write({ type: "progress", ...p }),
            onLog: (m) => write({ type: "log", ...m }),
            onTask: (t) => write({ type: "task", ...t }),
            onServerRequest: (asked, stop) =>
              serverRequests().ask(uid, asked, anySignal([stop, abort.signal]), (id) =>
                write({ type: "server-request", id, kind: asked.kind, params: asked.params }),
              ),
          },
        });
        write(
          outcome.ok
            ? { type: "result", result: outcome.result, durationMs: outcome.durationMs, exchange: outcome.exchange, protocolVersion: outcome.protocolVersion }
            : {
                type: "error",
                error: outcome.failure.code,
                message: outcome.failure.message,
                durationMs: outcome.durationMs,
                ...(outcome.exchange ? { exchange: outcome.exchange } : {}),
              },
        );
        // Kept before the stream ends, so that a page reloading its history on the last line finds the call.
        await remember(uid, target, request, outcome, ctx);
        ctx.req.signal.removeEventListener("abort", stop);
        close();
      })();
    },
    stop,
  );
}
