import { z } from "zod";
import { route } from "@/lib/route/handler";
import { pageQuery } from "@/lib/monitoring/schema";
import { listIncidents } from "@/lib/monitoring/service";
import { incidentsPage } from "@/lib/monitoring/responses";

export const GET = route({ auth: "user", doc: { summary: "The server's incidents, newest first", response: incidentsPage }, params: z.object({ id: z.string() }), query: pageQuery }, ({ user, params, query }) =>
  listIncidents(user.uid, params.id, query),
);
