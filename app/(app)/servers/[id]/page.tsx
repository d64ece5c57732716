import type { Metadata } from "next";
import { ServerDetail } from "@/components/servers/server-detail";
import { ownedOrNotFound } from "@/lib/auth/owned-page";
import { uptimePrefetch } from "@/lib/monitoring/prefetch";
import { Prefetch, type PageSearchParams } from "@/lib/query/prefetch";
import { serverPrefetch } from "@/lib/servers/prefetch";
import { getServer } from "@/lib/servers/service";

export const metadata: Metadata = { title: "Server" };

export default async function ServerPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<PageSearchParams> }) {
  const { id } = await params;
  // The server read here is the page's data too.
  const { user, owned: server } = await ownedOrNotFound(id, getServer);
  // The first tab, the overview, also shows the server's uptime; the other tabs load their own data.
  const { tab } = await searchParams;
  const overview = tab === undefined || tab === "overview";
  return (
    <Prefetch queries={[serverPrefetch(server), ...(overview ? uptimePrefetch(user, id) : [])]}>
      {/* No Suspense boundary: it would send its fallback first and the server after it. */}
      <ServerDetail id={id} />
    </Prefetch>
  );
}
