import { z } from "zod";
import { route } from "@/lib/route/handler";
import { decide } from "@/lib/oauth-server/authorizations";
import { consentAnswer, consentDecision } from "@/lib/oauth-server/responses";

const params = z.object({ id: z.string() });

/** The person's answer on the consent page to an app that asks to use one of their gateways. */
export const POST = route(
  { auth: "user", tokens: false, doc: { summary: "Allow or deny an app's request to use your gateway (the consent page's answer)", response: consentAnswer }, params, body: consentDecision },
  ({ user, params, body, req, ip }) =>
    decide(user, params.id, body.decision === "allow" ? { allow: true, gatewayId: body.gatewayId } : { allow: false }, { req, ip }),
);
