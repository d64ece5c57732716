import type { InputRequest } from "@modelcontextprotocol/server";

/**
 * The elicitations of a server that went unanswered during one call, in
 * either revision: refused by the gateway (the client does not take them),
 * or declined or cancelled by the client (a 2025 client's answer to the
 * request, a modern client's in `inputResponses`). The call did not get
 * what it asked the person for, and the gateway's log says so
 * (operations.ts). Other questions (roots, sampling) a server may ask
 * of its own accord and do without: their refusal is no failure of the call.
 */
export function declinedAnswers() {
  let declined: string | undefined;
  return {
    /** Takes note of the client's answer to a question of the server. */
    note(question: InputRequest, answer: unknown) {
      if (question.method !== "elicitation/create") return;
      const action = (answer as { action?: unknown } | null)?.action;
      if (action !== "decline" && action !== "cancel") return;
      const message = (question.params as { message?: unknown } | undefined)?.message;
      const asked = typeof message === "string" && message ? ` ("${message.slice(0, 120)}")` : "";
      declined = `The client ${action === "decline" ? "declined" : "cancelled"} the server's question${asked}.`;
    },
    /** Takes note of the gateway's refusal of a question of the server (client-capability.ts). */
    refused(question: InputRequest, refusal: Error | null) {
      if (refusal && question.method === "elicitation/create") declined = refusal.message;
    },
    declined: () => declined,
  };
}
