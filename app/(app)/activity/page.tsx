import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ActivityView } from "@/components/activity/activity-view";
import { PageHeader } from "@/components/app/page-header";
import { ACTIVITY_ACTIONS } from "@/lib/activity/actions";
import type { ActivityViewFilters } from "@/lib/activity/keys";
import { activityPrefetch } from "@/lib/activity/prefetch";
import { ownedServerOptions } from "@/lib/activity/servers";
import { currentUser } from "@/lib/auth/current-user";
import { isUuid } from "@/lib/guards";
import { effectiveSubscription } from "@/lib/plans/table";
import { Prefetch, type PageSearchParams } from "@/lib/query/prefetch";

export const metadata: Metadata = { title: "Activity" };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Filters from the URL; anything malformed is simply not applied. */
function filtersFrom(params: PageSearchParams): ActivityViewFilters {
  const one = (k: string) => (typeof params[k] === "string" ? (params[k] as string) : "");
  const action = one("action");
  const server = one("server");
  return {
    action: (ACTIVITY_ACTIONS as readonly string[]).includes(action) ? action : "",
    serverId: isUuid(server) ? server : "",
    from: DAY.test(one("from")) ? one("from") : "",
    to: DAY.test(one("to")) ? one("to") : "",
  };
}

export default async function Page({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const user = await currentUser();
  if (!user) redirect("/auth/login");
  const [params, servers] = await Promise.all([searchParams, ownedServerOptions(user.uid)]);
  const { features } = effectiveSubscription(user.subscriptionPlan, user.subscriptionExpiresAt);
  const filters = filtersFrom(params);
  return (
    <>
      <PageHeader title="Activity" description="Everything that happened in your account, newest first." />
      <Prefetch queries={activityPrefetch(user.uid, filters)}>
        <ActivityView initialFilters={filters} servers={servers} canExport={features.dataExport} />
      </Prefetch>
    </>
  );
}
