import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { accountChannels } from "../alerts/channels/routing";
import { loadOwner } from "../alerts/recipients";
import { db } from "../db";
import { fleetOverview } from "../monitoring/fleet";
import { eventSummaryColumns } from "../activity/queries";
import { activityEvents, servers } from "../db/schema";
import { fleetFindings } from "../scanner/fleet";
import { fleetGateways } from "../gateways/fleet";
import { planOf, type PlanHolder } from "../plans/holder";
import { SERVER_STATUSES, type ServerStatus } from "../servers/schema";
import type { DashboardSummary } from "./types";

const RECENT_EVENTS = 10;

/** The signed-in user's fleet at a glance: small queries, all scoped to the user. */
export async function dashboardSummary(user: PlanHolder): Promise<DashboardSummary> {
  const database = await db();
  const [groups, recent, [ranTool], fleet, findings, gatewayFleet, owner] = await Promise.all([
    database
      .select({
        status: servers.status,
        count: sql<number>`count(*)::int`,
        tools: sql<number>`coalesce(sum((${servers.counts}->>'tools')::int), 0)::int`,
        alerts: sql<boolean>`bool_or(${servers.monitoringEnabled})`,
      })
      .from(servers)
      .where(eq(servers.ownerUid, user.uid))
      .groupBy(servers.status),
    database
      .select({ ...eventSummaryColumns, createdAt: activityEvents.createdAt })
      .from(activityEvents)
      .where(eq(activityEvents.userUid, user.uid))
      .orderBy(desc(activityEvents.createdAt), desc(activityEvents.id))
      .limit(RECENT_EVENTS),
    database
      .select({ id: activityEvents.id })
      .from(activityEvents)
      .where(and(eq(activityEvents.userUid, user.uid), eq(activityEvents.action, "workbench.call")))
      .limit(1),
    fleetOverview(user.uid),
    fleetFindings(user.uid),
    fleetGateways(user.uid),
    loadOwner(database, user.uid),
  ]);

  const byStatus = Object.fromEntries(SERVER_STATUSES.map((s) => [s, 0])) as Record<ServerStatus, number>;
  for (const g of groups) byStatus[g.status] = g.count;
  const total = groups.reduce((n, g) => n + g.count, 0);

  const plan = planOf(user);
  return {
    servers: { total, byStatus, limit: plan.maxServers },
    tools: groups.reduce((n, g) => n + g.tools, 0),
    recentActivity: recent.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
    onboarding: {
      addedServer: total > 0,
      ranTool: Boolean(ranTool),
      // Alerts reach someone: a server is monitored, and the plan sends to a channel that is set up.
      enabledAlerts: groups.some((g) => g.alerts) && owner !== undefined && (await accountChannels(database, owner)).length > 0,
    },
    fleet,
    findings,
    gateways: { ...gatewayFleet, limit: plan.maxGateways },
  };
}
