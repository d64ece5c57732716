import { z } from "zod";
import { route } from "@/lib/http/route";
import { getInventory } from "@/lib/servers/service";

export const GET = route({ auth: "user", params: z.object({ id: z.string() }) }, ({ user, params }) =>
  getInventory(user.uid, params.id),
);
