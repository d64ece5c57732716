import { z } from "zod";
import { route } from "@/lib/route/handler";
import { getInventory } from "@/lib/discovery/service";
import { serverInventory } from "@/lib/servers/responses";

export const GET = route({ auth: "user", doc: { summary: "The tools, resources and prompts found by the last discovery", response: serverInventory }, params: z.object({ id: z.string() }) }, ({ user, params }) =>
  getInventory(user.uid, params.id),
);
