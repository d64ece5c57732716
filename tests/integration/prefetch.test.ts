import type { DehydratedState } from "@tanstack/react-query";
import { GET as activityGET } from "@/app/api/activity/route";
import { GET as dashboardGET } from "@/app/api/dashboard/route";
import { GET as gatewayGET } from "@/app/api/gateways/[id]/route";
import { GET as gatewayViewGET } from "@/app/api/gateways/[id]/view/route";
import { GET as gatewaysGET } from "@/app/api/gateways/route";
import { GET as serverGET } from "@/app/api/servers/[id]/route";
import { GET as inventoryGET } from "@/app/api/servers/[id]/inventory/route";
import { GET as uptimeGET } from "@/app/api/servers/[id]/uptime/route";
import { GET as serversGET } from "@/app/api/servers/route";
import { GET as historyGET } from "@/app/api/workbench/history/route";
import { activityKeys, NO_FILTERS } from "@/lib/activity/keys";
import { activityPrefetch } from "@/lib/activity/prefetch";
import { gatewayKeys } from "@/lib/gateways/keys";
import { gatewayListPrefetch, gatewayPrefetch, gatewayViewPrefetch } from "@/lib/gateways/prefetch";
import { getGateway } from "@/lib/gateways/service";
import { monitoringKeys } from "@/lib/monitoring/keys";
import { uptimePrefetch } from "@/lib/monitoring/prefetch";
import { Prefetch, type PrefetchQuery } from "@/lib/query/prefetch";
import { dashboardKeys, serverKeys } from "@/lib/servers/keys";
import { dashboardPrefetch } from "@/lib/dashboard/prefetch";
import { serverListPrefetch, serverPrefetch } from "@/lib/servers/prefetch";
import { getServer } from "@/lib/servers/service";
import { findUser } from "@/lib/users/service";
import { workbenchKeys } from "@/lib/workbench/keys";
import { workbenchPrefetch } from "@/lib/workbench/prefetch";
import { describeEachDatabase } from "../support/databases";
import { call } from "../support/http";
import { createOwnedResources } from "../support/owned-resources";
import { signIn } from "../support/sign-in";

/** What a page hands the browser's query cache: the data of each key, as the Prefetch element carries it. */
async function handedOver(queries: PrefetchQuery[]): Promise<Map<string, unknown>> {
  const element = await Prefetch({ queries, children: null });
  const { state } = element.props as { state: DehydratedState };
  return new Map(state.queries.map((q) => [JSON.stringify(q.queryKey), q.state.data]));
}

const at = (map: Map<string, unknown>, key: readonly unknown[]) => map.get(JSON.stringify(key));

describeEachDatabase("console pages' prefetch", () => {
  it("hands the browser exactly what the API routes behind its hooks answer", async () => {
    const u = await signIn({ emailPrefix: "prefetch", plan: "pro" });
    const { server: id, gateway } = await createOwnedResources(u.uid);
    const user = (await findUser(u.uid))!;
    const api = async (handler: Parameters<typeof call>[0], path: string, params?: Record<string, string>) => {
      const res = await call(handler, path, { cookie: u.cookie, params });
      expect(res.status).toBe(200);
      return res.json as unknown;
    };

    const byName = { q: "owned" };
    const filters = { ...NO_FILTERS, serverId: id };
    const data = await handedOver([
      serverListPrefetch(u.uid, {}),
      serverListPrefetch(u.uid, byName),
      dashboardPrefetch(user),
      serverPrefetch(await getServer(u.uid, id)),
      ...uptimePrefetch(user, id),
      ...activityPrefetch(u.uid, filters),
      ...(await workbenchPrefetch(u.uid, id)),
      gatewayListPrefetch(u.uid),
      gatewayPrefetch(await getGateway(u.uid, gateway)),
      gatewayViewPrefetch(u.uid, gateway),
    ]);

    expect(at(data, serverKeys.list({}))).toEqual(((await api(serversGET, "/api/servers")) as { servers: unknown }).servers);
    expect(at(data, serverKeys.list(byName))).toEqual(((await api(serversGET, "/api/servers?q=owned")) as { servers: unknown }).servers);
    expect(at(data, dashboardKeys.summary())).toEqual(await api(dashboardGET, "/api/dashboard"));
    // Dates arrive as the API's JSON has them: strings.
    expect(at(data, serverKeys.detail(id))).toEqual(await api(serverGET, `/api/servers/${id}`, { id }));
    expect(typeof (at(data, serverKeys.detail(id)) as { createdAt: unknown }).createdAt).toBe("string");
    expect(at(data, serverKeys.inventory(id))).toEqual(await api(inventoryGET, `/api/servers/${id}/inventory`, { id }));
    expect(at(data, workbenchKeys.history(id))).toEqual(await api(historyGET, `/api/workbench/history?serverId=${id}`));
    expect(at(data, activityKeys.list(filters))).toEqual({ pages: [await api(activityGET, `/api/activity?serverId=${id}&limit=25`)], pageParams: [""] });
    expect(at(data, gatewayKeys.list())).toEqual(((await api(gatewaysGET, "/api/gateways")) as { gateways: unknown }).gateways);
    expect(at(data, gatewayKeys.detail(gateway))).toEqual(await api(gatewayGET, `/api/gateways/${gateway}`, { id: gateway }));
    expect(at(data, gatewayKeys.view(gateway))).toEqual(await api(gatewayViewGET, `/api/gateways/${gateway}/view`, { id: gateway }));
    for (const window of ["24h", "7d", "30d"] as const) {
      // The window ends at the moment of asking, which differs between the two reads.
      const answer = (await api(uptimeGET, `/api/servers/${id}/uptime?window=${window}`, { id })) as Record<string, unknown>;
      expect(at(data, monitoringKeys.uptime(id, window))).toEqual({ ...answer, from: expect.any(String), to: expect.any(String) });
    }
  });

  it("leaves out what the API refuses, so that the page's hook shows that answer itself", async () => {
    const u = await signIn({ emailPrefix: "prefetch-free", plan: "free tier" });
    const { server: id } = await createOwnedResources(u.uid);
    const user = (await findUser(u.uid))!;
    const data = await handedOver(uptimePrefetch(user, id));
    expect(at(data, monitoringKeys.uptime(id, "24h"))).toBeDefined();
    const refused = await call(uptimeGET, `/api/servers/${id}/uptime?window=30d`, { cookie: u.cookie, params: { id } });
    expect(refused.status).toBe(403);
    expect(data.has(JSON.stringify(monitoringKeys.uptime(id, "30d")))).toBe(false);
  });
});
