import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ServerDetail } from "@/components/servers/server-detail";
import { currentUser } from "@/lib/auth/current-user";
import { isUuid } from "@/lib/guards";
import { HttpError } from "@/lib/http/errors";
import { uptimePrefetch } from "@/lib/monitoring/prefetch";
import { Prefetch, type PageSearchParams } from "@/lib/query/prefetch";
import { serverPrefetch } from "@/lib/servers/prefetch";
import type { ServerDto } from "@/lib/servers/schema";
import { getServer } from "@/lib/servers/service";

export const metadata: Metadata = { title: "Server" };

export default async function ServerPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<PageSearchParams> }) {
  const { id } = await params;
  // Server ids are UUIDs: anything else cannot exist, and gets a real 404 at once.
  if (!isUuid(id)) notFound();
  // Another user's server, or one deleted since, is not found either. No
  // loading boundary lies above this page (the console's pages arrive with
  // their data), so nothing has streamed yet and the answer's status is a
  // real 404. The server read here is the page's data too.
  const user = await currentUser();
  if (!user) notFound();
  let server: ServerDto;
  try {
    server = await getServer(user.uid, id);
  } catch (err) {
    if (err instanceof HttpError && err.status === 404) notFound();
    throw err;
  }
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
