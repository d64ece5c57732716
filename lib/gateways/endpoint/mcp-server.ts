import "server-only";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { InputRequest } from "@modelcontextprotocol/server";
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  CreateMessageResultSchema,
  ElicitResultSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListRootsResultSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type ServerNotification,
  type ServerRequest,
} from "@modelcontextprotocol/sdk/types.js";
import { lazyValidator } from "../../mcp/lazy-validator";
import { MAX_TOTAL_MS } from "../../upstream/call";
import type { ServerRequest as UpstreamRequest } from "../../workbench/server-requests";
import type { SessionRef } from "./access";
import { refusalOf } from "./client-capability";
import { declinedAnswers } from "./declined";
import { gatewayIdentity, gatewayOperations, traceparentOf, type CallChannel, type EndpointContext } from "./operations";

/**
 * The MCP server a 2025 client talks to at a gateway's endpoint (v1 SDK),
 * made for one HTTP request of its session (any instance can serve any
 * request of a session). What it lists and how it calls is operations.ts's;
 * here are the 2025 ways of the session: the server asks the client
 * during a call with requests of its own, on the request's stream.
 */

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** What the audit and the client's lane know of a 2025 client: what its session recorded at initialize. */
export const sessionClient = (session: SessionRef) => ({
  laneId: `gw:${session.id}`,
  name: session.clientName,
  version: session.clientVersion,
  capabilities: session.clientCapabilities,
});

export function gatewayServer(ctx: EndpointContext): Server {
  const identity = gatewayIdentity(ctx);
  const server = new Server(identity.info, {
    capabilities: { tools: { listChanged: true }, prompts: { listChanged: true }, resources: { listChanged: true }, completions: {}, logging: {} },
    instructions: identity.instructions,
    jsonSchemaValidator: lazyValidator(),
  });
  const ops = gatewayOperations(ctx);

  /**
   * The call's way back to its client: notifications and the server's own
   * requests on the request's stream. A question the client did not
   * declare it takes is refused (client-capability.ts) and kept: a 2025
   * server hears the refusal as its answer, a modern one cannot (its call
   * ends there), and the client learns why.
   */
  function channelOf(extra: Extra): CallChannel {
    const progressToken = extra._meta?.progressToken;
    let refused: Error | undefined;
    const answers = declinedAnswers();
    const refuse = (question: InputRequest) => {
      const refusal = refusalOf(question, ctx.client);
      if (refusal) refused = refusal;
      answers.refused(question, refusal);
      return refusal;
    };
    const options = (signal: AbortSignal) => ({ signal, timeout: MAX_TOTAL_MS });
    return {
      signal: extra.signal,
      traceparent: traceparentOf(extra._meta),
      refusal: () => refused,
      declined: answers.declined,
      events: {
        // A server asks during a call what it may work in: the client's roots, when it declared it has some.
        onRoots: (signal: AbortSignal) => {
          const refusal = refuse({ method: "roots/list" });
          return refusal ? Promise.reject(refusal) : extra.sendRequest({ method: "roots/list" }, ListRootsResultSchema, options(signal));
        },
        onProgress: (p) => {
          if (progressToken !== undefined) void extra.sendNotification({ method: "notifications/progress", params: { progressToken, ...p } }).catch(() => {});
        },
        onLog: (m) => void extra.sendNotification({ method: "notifications/message", params: { level: m.level as never, data: m.data, ...(m.logger ? { logger: m.logger } : {}) } }).catch(() => {}),
        onServerRequest: (request: UpstreamRequest, signal: AbortSignal) => {
          const question = { method: request.kind === "elicitation" ? "elicitation/create" : "sampling/createMessage", params: request.params } as InputRequest;
          const refusal = refuse(question);
          if (refusal) return Promise.reject(refusal);
          return request.kind === "elicitation"
            ? extra.sendRequest({ method: "elicitation/create", params: request.params as never }, ElicitResultSchema, options(signal)).then((answer) => {
                answers.note(question, answer);
                return answer;
              })
            : extra.sendRequest({ method: "sampling/createMessage", params: request.params as never }, CreateMessageResultSchema, options(signal));
        },
      },
    };
  }

  server.setRequestHandler(ListToolsRequestSchema, (request) => ops.listTools(request.params?.cursor) as never);
  server.setRequestHandler(ListPromptsRequestSchema, (request) => ops.listPrompts(request.params?.cursor) as never);
  server.setRequestHandler(ListResourcesRequestSchema, (request) => ops.listResources(request.params?.cursor) as never);
  server.setRequestHandler(ListResourceTemplatesRequestSchema, (request) => ops.listResourceTemplates(request.params?.cursor) as never);
  server.setRequestHandler(CallToolRequestSchema, (request, extra) => ops.callTool(request.params, channelOf(extra)));
  server.setRequestHandler(GetPromptRequestSchema, (request, extra) => ops.getPrompt(request.params, channelOf(extra)));
  server.setRequestHandler(ReadResourceRequestSchema, (request, extra) => ops.readResource(request.params, channelOf(extra)));
  server.setRequestHandler(CompleteRequestSchema, (request) => ops.complete(request.params) as never);
  return server;
}
