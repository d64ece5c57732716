import { z } from "zod";
import { route } from "@/lib/route/handler";
import { callStats, STATS_RANGES, type StatsRange } from "@/lib/gateways/calls";
import { gatewayCallStats } from "@/lib/gateways/responses";

const params = z.object({ id: z.string() });
const query = z.object({ range: z.enum(Object.keys(STATS_RANGES) as [StatsRange, ...StatsRange[]]).default("24h") });

export const GET = route(
  { auth: "user", doc: { summary: "Calls, errors, blocked calls and p50/p95 latency of the gateway over time", response: gatewayCallStats }, params, query },
  ({ user, params, query }) => callStats(user.uid, params.id, query.range),
);
