import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PageHeader } from "@/components/app/page-header";
import { AddServerButton } from "@/components/servers/add-server-button";
import { ExportServersLink, ImportServersDialog } from "@/components/servers/import-servers-dialog";
import { ServerList } from "@/components/servers/server-list";
import { currentUser } from "@/lib/auth/current-user";
import { Prefetch, searchParamsOf, type PageSearchParams } from "@/lib/query/prefetch";
import { serverFiltersFrom } from "@/lib/servers/keys";
import { dashboardPrefetch } from "@/lib/dashboard/prefetch";
import { serverListPrefetch } from "@/lib/servers/prefetch";

export const metadata: Metadata = { title: "Servers" };

export default async function Page({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const user = await currentUser();
  if (!user) redirect("/auth/login");
  const filters = serverFiltersFrom(searchParamsOf(await searchParams));
  // What the list shows: the filtered list, all servers (for the tag menu) and the plan's usage.
  const queries = [serverListPrefetch(user.uid, filters), serverListPrefetch(user.uid, {}), dashboardPrefetch(user)];
  return (
    <>
      <PageHeader
        title="Servers"
        description="The MCP servers you have registered."
        actions={
          <>
            <ImportServersDialog />
            <ExportServersLink />
            <AddServerButton />
          </>
        }
      />
      {/* No Suspense boundary: it would send its fallback first and the list after it. */}
      <Prefetch queries={queries}>
        <ServerList />
      </Prefetch>
    </>
  );
}
