import { json, route } from "@/lib/http/route";
import { serverCreate, serverListQuery, type ServerListResponse } from "@/lib/servers/schema";
import { createServer, listServers } from "@/lib/servers/service";

export const GET = route({ auth: "user", query: serverListQuery }, async ({ user, query }) => {
  const body: ServerListResponse = { servers: await listServers(user.uid, query) };
  return body;
});

export const POST = route({ auth: "user", body: serverCreate }, async ({ user, body, req, ip, log }) =>
  json(await createServer(user, body, { req, ip, log }), 201),
);
