import { z } from "zod";
import { route } from "@/lib/route/handler";
import { pageQuery } from "@/lib/monitoring/schema";
import { listChecks } from "@/lib/monitoring/service";
import { checksPage } from "@/lib/monitoring/responses";

export const GET = route({ auth: "user", doc: { summary: "The server's health checks, newest first", response: checksPage }, params: z.object({ id: z.string() }), query: pageQuery }, ({ user, params, query }) =>
  listChecks(user.uid, params.id, query),
);
