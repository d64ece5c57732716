import { z } from "zod";
import { route } from "@/lib/route/handler";
import { uptimeQuery } from "@/lib/monitoring/schema";
import { getUptime } from "@/lib/monitoring/service";
import { uptimeDto } from "@/lib/monitoring/responses";

export const GET = route({ auth: "user", doc: { summary: "Uptime and latency over a window", response: uptimeDto }, params: z.object({ id: z.string() }), query: uptimeQuery }, ({ user, params, query }) =>
  getUptime(user, params.id, query.window),
);
