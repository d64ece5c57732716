import { z } from "zod";
import { route } from "@/lib/route/handler";
import { revokeConnectedApp } from "@/lib/oauth-server/grants";
import { connectedAppRevoked } from "@/lib/oauth-server/responses";

const params = z.object({ id: z.string() });

export const DELETE = route(
  { auth: "user", tokens: false, doc: { summary: "Revoke an app's access to your gateway (its next call is refused)", response: connectedAppRevoked }, params },
  async ({ user, params, req, ip }) => {
    await revokeConnectedApp(user, params.id, { req, ip });
    return { revoked: true as const };
  },
);
