import { json, route } from "@/lib/route/handler";
import { serverCreate, serverListQuery, type ServerListResponse } from "@/lib/servers/schema";
import { createAndDiscover } from "@/lib/discovery/service";
import { listServers } from "@/lib/servers/service";
import { serverDto, serverListResponse } from "@/lib/servers/responses";

export const GET = route({ auth: "user", doc: { summary: "The user's servers, by name", response: serverListResponse }, query: serverListQuery }, async ({ user, query }) => {
  const body: ServerListResponse = { servers: await listServers(user.uid, query) };
  return body;
});

export const POST = route({ auth: "user", doc: { summary: "Register a server (its connection is tested first)", status: 201, response: serverDto }, body: serverCreate }, async ({ user, body, req, ip, log }) =>
  json(await createAndDiscover(user, body, { req, ip, log }), 201),
);
