import { z } from "zod";
import { route } from "@/lib/route/handler";
import { startAuthorization } from "@/lib/oauth-client/flow";

const params = z.object({ id: z.string() });
const answer = z.object({ authorizationUrl: z.string().describe("The authorization server's page to send the person's browser to.") });
const body = z
  .object({
    clientId: z.string().trim().min(1).max(500).optional().describe("A client id you registered with the server's authorization server; without it, a stored one, the console's metadata document or dynamic registration."),
    clientSecret: z.string().max(500).optional().describe("Its secret, for a confidential client. Stored encrypted, never returned."),
  })
  .refine((b) => b.clientSecret === undefined || b.clientId !== undefined, { message: "A client secret goes with a client id.", path: ["clientId"] });

export const POST = route(
  {
    auth: "user",
    tokens: false,
    doc: { summary: "Start signing in to a server behind OAuth (the MCP authorization flow)", response: answer },
    params,
    body,
  },
  ({ user, params, body, req, ip }) =>
    startAuthorization(user, params.id, { req, ip }, body.clientId ? { clientId: body.clientId, clientSecret: body.clientSecret || undefined } : undefined),
);
