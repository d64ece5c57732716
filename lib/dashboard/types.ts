import type { FleetOverview } from "../monitoring/schema";
import type { FleetFindings } from "../scanner/schema";
import type { ServerStatus } from "../servers/schema";

/** `GET /api/dashboard`: the fleet summary of the signed-in user. */
export interface DashboardSummary {
  servers: { total: number; byStatus: Record<ServerStatus, number>; limit: number };
  tools: number;
  recentActivity: {
    id: string;
    action: string;
    summary: string;
    targetType: string | null;
    targetId: string | null;
    createdAt: string;
  }[];
  onboarding: { addedServer: boolean; ranTool: boolean; enabledAlerts: boolean };
  fleet: FleetOverview;
  /** Scanner findings by severity across the servers' latest scans. */
  findings: FleetFindings;
  /** The user's gateways, the plan's limit, the calls they refused in the last 24 hours, and how many hold blocked or quarantined items. */
  gateways: { total: number; limit: number; blocked24h: number; holding: number };
}
