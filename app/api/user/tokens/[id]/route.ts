import { z } from "zod";
import { route } from "@/lib/route/handler";
import { revokeToken } from "@/lib/tokens/service";
import { tokenRevoked } from "@/lib/tokens/responses";

const params = z.object({ id: z.string() });

export const DELETE = route({ auth: "user", tokens: false, doc: { summary: "Revoke a personal API token", response: tokenRevoked }, params }, async ({ user, params, req, ip }) => {
  await revokeToken(user.uid, params.id, { req, ip });
  return { revoked: true };
});
