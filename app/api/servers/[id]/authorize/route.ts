import { z } from "zod";
import { route } from "@/lib/route/handler";
import { startAuthorization } from "@/lib/oauth-client/flow";

const params = z.object({ id: z.string() });
const answer = z.object({ authorizationUrl: z.string().describe("The authorization server's page to send the person's browser to.") });

export const POST = route(
  {
    auth: "user",
    tokens: false,
    doc: { summary: "Start signing in to a server behind OAuth (the MCP authorization flow)", response: answer },
    params,
  },
  ({ user, params, req, ip }) => startAuthorization(user, params.id, { req, ip }),
);
