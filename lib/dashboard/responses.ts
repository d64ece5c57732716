import { z } from "zod";
import { isoTime } from "../api-contract/fields";
import { fleetOverview } from "../monitoring/responses";
import { fleetFindings } from "../scanner/responses";

/** `GET /api/dashboard`: the fleet summary of the signed-in user, one zod schema and its type (re-exported by ./types.ts). */
export const dashboardSummaryResponse = z.object({
  servers: z.object({ total: z.number().int(), byStatus: fleetOverview.shape.byStatus, limit: z.number().int() }),
  tools: z.number().int(),
  recentActivity: z.array(
    z.object({
      id: z.string(),
      action: z.string(),
      summary: z.string(),
      targetType: z.string().nullable(),
      targetId: z.string().nullable(),
      createdAt: isoTime,
    }),
  ),
  onboarding: z.object({ addedServer: z.boolean(), ranTool: z.boolean(), enabledAlerts: z.boolean() }),
  fleet: fleetOverview,
  /** Scanner findings by severity across the servers' latest scans. */
  findings: fleetFindings,
  /** The user's gateways, the plan's limit, the calls they refused in the last 24 hours, and how many hold blocked or quarantined items. */
  gateways: z.object({ total: z.number().int(), limit: z.number().int(), blocked24h: z.number().int().describe("Calls the gateways refused in the last 24 hours."),
    holding: z.number().int().describe("Gateways that keep items from their agents until you act: blocked by a finding, or quarantined until approved."),
  }),
});
export type DashboardSummary = z.infer<typeof dashboardSummaryResponse>;
