import { z } from "zod";
import { route } from "@/lib/route/handler";
import { getLatencyRange } from "@/lib/monitoring/latency";
import { latencyRangeDto } from "@/lib/monitoring/responses";
import { latencyQuery } from "@/lib/monitoring/schema";

export const GET = route(
  { auth: "user", doc: { summary: "The latency chart of a range: every check, or p50/p95 per period, with the incidents", response: latencyRangeDto }, params: z.object({ id: z.string() }), query: latencyQuery },
  ({ user, params, query }) => getLatencyRange(user, params.id, query.range),
);
