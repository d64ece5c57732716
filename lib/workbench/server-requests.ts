import "server-only";
import { randomUUID } from "node:crypto";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { badRequest, notFound } from "../http/errors";
import { processSingleton } from "../process-singleton";
import { validateArguments } from "./schema-form/validate";
import type { JsonSchema } from "./schema-form/types";
import type { ServerRequestKind, ServerRequestReply } from "./schema";

/**
 * Requests a server sends back during a streamed workbench call, waiting for
 * the person at the page: announced on the call's stream, answered with
 * `POST /api/workbench/requests/{id}` by the same user, dropped when the call
 * ends or the server gives up. One registry per process (see
 * processSingleton): the call and the answer are served by different route
 * bundles.
 */

/** MCP's code for a sampling request the user rejected. */
const USER_REJECTED = -1;

export interface ServerRequest {
  kind: ServerRequestKind;
  params: Record<string, unknown>;
}

interface Pending extends ServerRequest {
  uid: string;
  resolve(result: Record<string, unknown>): void;
  reject(err: Error): void;
}

export class ServerRequests {
  private readonly pending = new Map<string, Pending>();

  get size(): number {
    return this.pending.size;
  }

  /**
   * Announces `request` with its new id and waits for the user's answer, or
   * rejects when `signal` ends it first (the call ended, or the server
   * cancelled its request).
   */
  ask(uid: string, request: ServerRequest, signal: AbortSignal, announce: (id: string) => void): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      const id = randomUUID();
      const end = () => {
        this.pending.delete(id);
        reject(new McpError(USER_REJECTED, "The call ended before the request was answered."));
      };
      if (signal.aborted) return end();
      signal.addEventListener("abort", end, { once: true });
      const settle = () => {
        this.pending.delete(id);
        signal.removeEventListener("abort", end);
      };
      this.pending.set(id, {
        ...request,
        uid,
        resolve: (result) => {
          settle();
          resolve(result);
        },
        reject: (err) => {
          settle();
          reject(err);
        },
      });
      announce(id);
    });
  }

  /** The user's answer to request `id`; another user's request is not found either. */
  answer(uid: string, id: string, reply: ServerRequestReply): void {
    const pending = this.pending.get(id);
    if (!pending || pending.uid !== uid) throw notFound("This request is no longer waiting for an answer: the call ended or the server gave up.");
    if (pending.kind === "elicitation") pending.resolve(elicitationResult(pending.params, reply));
    else if (reply.action === "accept") pending.resolve(samplingResult(reply));
    else pending.reject(new McpError(USER_REJECTED, "The user rejected the sampling request."));
  }
}

function elicitationResult(params: Record<string, unknown>, reply: ServerRequestReply): Record<string, unknown> {
  if (reply.action !== "accept") return { action: reply.action };
  // A page to open (URL mode) is answered without content: the person says they went through it.
  if (params.mode === "url") return { action: "accept" };
  const content = reply.content ?? {};
  const issues = validateArguments(params.requestedSchema as JsonSchema, content);
  if (issues.length > 0) throw badRequest("Some fields are not valid.", issues);
  return { action: "accept", content };
}

function samplingResult(reply: Extract<ServerRequestReply, { action: "accept" }>): Record<string, unknown> {
  if (!reply.text?.trim()) throw badRequest("Write the answer the server gets in the model's place.", [{ path: "text", message: "Enter an answer." }]);
  return { role: "assistant", content: { type: "text", text: reply.text }, model: reply.model ?? "workbench", stopReason: "endTurn" };
}

export function serverRequests(): ServerRequests {
  return processSingleton("workbench-server-requests", () => new ServerRequests());
}
