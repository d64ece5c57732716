import { z } from "zod";
import { route } from "@/lib/route/handler";
import { finishAuthorization } from "@/lib/oauth-client/flow";
import { rediscoverQuietly } from "@/lib/discovery/service";

const query = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});

/**
 * Where the authorization server sends the person's browser back: the code
 * is exchanged for the signed-in owner who started the flow, the server's
 * definitions are read with the new token, and the browser returns to the
 * server's page.
 */
export const GET = route(
  {
    auth: "user",
    tokens: false,
    doc: { summary: "The OAuth callback of servers behind OAuth (a browser redirect)", status: 303, contentType: "text/html" },
    query,
  },
  async ({ user, query, req, ip }) => {
    const serverId = await finishAuthorization(user, query, { req, ip });
    await rediscoverQuietly(serverId);
    return new Response(null, { status: 303, headers: { location: `/servers/${serverId}?signedIn=1` } });
  },
);
