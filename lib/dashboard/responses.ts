import { z, type ZodType } from "zod";
import { isoTime } from "../api/fields";
import { fleetOverview } from "../monitoring/responses";
import { severityCounts } from "../scanner/responses";
import { SEVERITIES } from "../scanner/types";
import type { DashboardSummary } from "./types";

/** The dashboard's answer as a zod schema, for the API reference. */
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
  findings: z.object({
    bySeverity: severityCounts,
    scannedServers: z.number().int(),
    notScanned: z.number().int(),
    worstServers: z.array(z.object({ id: z.string(), name: z.string(), worst: z.enum(SEVERITIES), counts: severityCounts })),
  }),
  gateways: z.object({ total: z.number().int(), limit: z.number().int(), blocked24h: z.number().int().describe("Calls the gateways refused in the last 24 hours."),
    holding: z.number().int().describe("Gateways that keep items from their agents until you act: blocked by a finding, or quarantined until approved."),
  }),
}) satisfies ZodType<DashboardSummary>;
