import { randomUUID } from "node:crypto";
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";

/**
 * Tools of a modern (2026-07-28) server that ask the client for input the
 * modern way: the first call answers `resultType: "input_required"` with an
 * embedded request and an opaque `requestState`; the client retries with
 * `inputResponses` and that state. Each invocation is recorded, so a test
 * can see what came back and that the state came back byte for byte.
 * Register them with `startModernServer(legacy, await inputTools(rounds))`.
 */

export interface InputRound {
  tool: string;
  /** The state the server minted on this round, when it asked. */
  minted?: string;
  /** The state the client echoed on this round, as received. */
  echoed?: string;
  inputResponses?: Record<string, unknown>;
}

type Text = { content: { type: "text"; text: string }[] };
const text = (value: string): Text => ({ content: [{ type: "text", text: value }] });

export async function inputTools(rounds: InputRound[]): Promise<(server: McpServer) => void> {
  const { inputRequired, inputResponse } = await import("@modelcontextprotocol/server");
  return (server) => {
    /** Records the round; answers with `ask()` on the first one, else with `finish(response)`. */
    const twoRounds =
      (tool: string, ask: () => ReturnType<typeof inputRequired.elicit>, finish: (response: ReturnType<typeof inputResponse>) => Text) =>
      (_args: unknown, ctx: { mcpReq: { inputResponses?: Record<string, unknown>; requestState: () => unknown } }) => {
        const echoed = ctx.mcpReq.requestState();
        const { inputResponses } = ctx.mcpReq;
        if (!inputResponses) {
          // Characters a careless client might re-encode: the echo must be exact.
          const minted = `${tool}/${randomUUID()}+=~ é`;
          rounds.push({ tool, minted });
          return inputRequired({ inputRequests: { answer: ask() }, requestState: minted });
        }
        rounds.push({ tool, inputResponses, ...(typeof echoed === "string" ? { echoed } : {}) });
        return finish(inputResponse(inputResponses, "answer"));
      };

    server.registerTool(
      "book-table",
      { description: "Books a table after asking who for.", inputSchema: z.object({}) },
      twoRounds(
        "book-table",
        () =>
          inputRequired.elicit({
            message: "Who is the table for?",
            requestedSchema: z.object({ name: z.string().describe("Name"), guests: z.number().int().min(1).max(12).describe("Guests") }),
          }),
        (response) => {
          if (response.kind !== "elicit") return text("No answer came back.");
          if (response.action !== "accept") return text(`No table booked: the person chose ${response.action}.`);
          const { name, guests } = response.content as { name: string; guests: number };
          return text(`Table booked for ${name}, ${guests} guests.`);
        },
      ) as never,
    );
    server.registerTool(
      "summarize",
      { description: "Asks the client's model for a summary.", inputSchema: z.object({}) },
      twoRounds(
        "summarize",
        () => inputRequired.createMessage({ messages: [{ role: "user", content: { type: "text", text: "Summarize the menu" } }], maxTokens: 50 }),
        (response) => {
          if (response.kind !== "sampling") return text("No model answer came back.");
          const { content, model } = response.result as { content: { text?: string }; model: string };
          return text(`Summary by ${model}: ${content.text}`);
        },
      ) as never,
    );
    server.registerTool(
      "show-roots",
      { description: "Asks the client for its roots.", inputSchema: z.object({}) },
      twoRounds(
        "show-roots",
        () => inputRequired.listRoots(),
        (response) => (response.kind === "roots" ? text(`Roots: ${response.roots.map((root) => root.uri).join(", ") || "none"}`) : text("No roots came back.")),
      ) as never,
    );
  };
}
