import "server-only";
import { ProtocolErrorCode, type InputRequest } from "@modelcontextprotocol/server";
import { GatewayError, type GatewayClient } from "./operations";

/**
 * Whether the gateway's client can take a question its server asks during
 * a call (elicitation, sampling, roots), in either revision: a 2025
 * server's request, or a modern server's `input_required`. A question
 * needs the capability its kind needs, and its mode's: a page to open
 * (URL elicitation) needs `elicitation.url`, a form `elicitation.form`
 * or the bare `elicitation: {}` of 2025, which meant forms. (Sampling with
 * tools does not come here: the gateway's upstream client declares no
 * `sampling.tools`, and the SDK's servers do not ask a client that lacks
 * it.) What the client lacks is refused before it is asked, with the
 * code the 2026-07-28 revision has for it (-32021,
 * `data.requiredCapabilities`), which is what a modern server would answer
 * that client itself.
 */

type Declared = Record<string, unknown>;

const has = (declared: Declared, key: string): Record<string, unknown> | null => {
  const value = declared[key];
  return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
};

/** What the question needs that the client did not declare, in the shape of client capabilities; null when nothing. */
function missingFor(question: InputRequest, declared: Declared): Record<string, Record<string, unknown>> | null {
  const params = ("params" in question ? question.params : undefined) as Record<string, unknown> | undefined;
  switch (question.method) {
    case "roots/list":
      return has(declared, "roots") ? null : { roots: {} };
    case "sampling/createMessage":
      return has(declared, "sampling") ? null : { sampling: {} };
    case "elicitation/create": {
      const elicitation = has(declared, "elicitation");
      const mode = params?.mode === "url" ? "url" : "form";
      const taken = elicitation !== null && (mode === "url" ? has(elicitation, "url") !== null : Object.keys(elicitation).length === 0 || has(elicitation, "form") !== null);
      return taken ? null : { elicitation: { [mode]: {} } };
    }
  }
}

const WHAT: Record<InputRequest["method"], string> = { "elicitation/create": "elicitation", "sampling/createMessage": "sampling", "roots/list": "roots" };

function described(question: InputRequest, missing: Record<string, Record<string, unknown>>): string {
  const [[capability, modes]] = Object.entries(missing);
  return capability === "elicitation" && "url" in modes ? "elicitation by URL (a page to open)" : WHAT[question.method];
}

/** The refusal of a question the client cannot take, or null when it can. */
export function refusalOf(question: InputRequest, client: GatewayClient): GatewayError | null {
  const missing = missingFor(question, client.capabilities);
  if (!missing) return null;
  const what = described(question, missing);
  const named = client.name ? ` (${client.name})` : "";
  return new GatewayError(
    ProtocolErrorCode.MissingRequiredClientCapability,
    `The server asked for ${what} during the call; the client using this gateway${named} does not support ${what}, so the request cannot be answered.`,
    { requiredCapabilities: missing },
  );
}
