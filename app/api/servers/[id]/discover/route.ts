import { z } from "zod";
import { route } from "@/lib/route/handler";
import { discoverServer } from "@/lib/discovery/service";
import { serverInventory } from "@/lib/servers/responses";

export const POST = route({ auth: "user", doc: { summary: "Discover the server's tools, resources and prompts again", response: serverInventory }, params: z.object({ id: z.string() }) }, ({ user, params, req, ip, log }) =>
  discoverServer(user, params.id, { req, ip, log }),
);
