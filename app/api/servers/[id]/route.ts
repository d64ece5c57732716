import { z } from "zod";
import { route } from "@/lib/route/handler";
import { serverUpdate } from "@/lib/servers/schema";
import { deleteServer, getServer, updateServer } from "@/lib/servers/service";
import { serverDto, serverUpdateResult } from "@/lib/servers/responses";
import { findOwnedServer } from "@/lib/servers/owned-server";
import { revokeServerTokens } from "@/lib/oauth-client/revoke";

const params = z.object({ id: z.string() });

export const GET = route({ auth: "user", doc: { summary: "One server", response: serverDto }, params }, ({ user, params }) => getServer(user.uid, params.id));

export const PATCH = route({ auth: "user", doc: { summary: "Change a server", response: serverUpdateResult }, params, body: serverUpdate }, ({ user, params, body, req, ip, log }) =>
  updateServer(user, params.id, body, { req, ip, log }),
);

export const DELETE = route({ auth: "user", doc: { summary: "Delete a server (a server behind OAuth has its tokens revoked first)", status: 204 }, params }, async ({ user, params, req, ip, log }) => {
  const server = await findOwnedServer(user.uid, params.id);
  if (server.authType === "oauth") await revokeServerTokens(server.id);
  await deleteServer(user, params.id, { req, ip, log });
  return new Response(null, { status: 204 });
});
