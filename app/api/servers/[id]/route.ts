import { z } from "zod";
import { route } from "@/lib/route/handler";
import { anyServerUpdate } from "@/lib/servers/stdio-schema";
import { deleteServer, getServer, updateServer } from "@/lib/servers/service";
import { serverDto, serverUpdateResult } from "@/lib/servers/responses";
import { findOwnedServer } from "@/lib/servers/owned-server";
import { revokeDroppedSignIn, revokeServerTokens } from "@/lib/oauth-client/revoke";

const params = z.object({ id: z.string() });

export const GET = route({ auth: "user", doc: { summary: "One server", response: serverDto }, params }, ({ user, params }) => getServer(user.uid, params.id));

export const PATCH = route(
  { auth: "user", doc: { summary: "Change a server (a move to another origin drops its stored header values and OAuth sign-in; a stdio server's new version is installed first, and its process restarted)", response: serverUpdateResult }, params, body: anyServerUpdate },
  async ({ user, params, body, req, ip, log }) => {
    const { server, droppedSignIn } = await updateServer(user, params.id, body, { req, ip, log });
    // Revoked at the old authorization server without holding the answer: the move is made, and answered, whatever that server does.
    if (droppedSignIn) void revokeDroppedSignIn(droppedSignIn);
    return server;
  },
);

export const DELETE = route({ auth: "user", doc: { summary: "Delete a server (a server behind OAuth has its tokens revoked first)", status: 204 }, params }, async ({ user, params, req, ip, log }) => {
  const server = await findOwnedServer(user.uid, params.id);
  if (server.authType === "oauth") await revokeServerTokens(server.id);
  await deleteServer(user, params.id, { req, ip, log });
  return new Response(null, { status: 204 });
});
