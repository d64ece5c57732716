import type { FleetOverview } from "../monitoring/schema";
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
}
