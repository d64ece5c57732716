import { json, route } from "@/lib/route/handler";
import { serverListQuery, type ServerListResponse } from "@/lib/servers/schema";
import { anyServerCreate } from "@/lib/servers/stdio-schema";
import { createAndDiscover, createStdioAndDiscover } from "@/lib/discovery/service";
import { listServers } from "@/lib/servers/service";
import { serverDto, serverListResponse } from "@/lib/servers/responses";

export const GET = route({ auth: "user", doc: { summary: "The user's servers, by name", response: serverListResponse }, query: serverListQuery }, async ({ user, query }) => {
  const body: ServerListResponse = { servers: await listServers(user.uid, query) };
  return body;
});

export const POST = route(
  {
    auth: "user",
    doc: {
      summary: 'Register a server (its connection is tested first): a remote one by URL, or with transport "stdio" an npm package the console runs in its sandbox',
      status: 201,
      response: serverDto,
    },
    body: anyServerCreate,
  },
  async ({ user, body, req, ip, log }) =>
    json(body.transport === "stdio" ? await createStdioAndDiscover(user, body, { req, ip, log }) : await createAndDiscover(user, body, { req, ip, log }), 201),
);
