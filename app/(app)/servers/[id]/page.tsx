import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ServerDetail } from "@/components/servers/server-detail";
import { currentUser } from "@/lib/auth/current-user";
import { isUuid } from "@/lib/guards";
import { HttpError } from "@/lib/http/errors";
import { Prefetch } from "@/lib/query/prefetch";
import { serverPrefetch } from "@/lib/servers/prefetch";
import type { ServerDto } from "@/lib/servers/schema";
import { getServer } from "@/lib/servers/service";

export const metadata: Metadata = { title: "Server" };

export default async function ServerPage({ params }: { params: Promise<{ id: string }> }) {
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
  return (
    <Prefetch queries={[serverPrefetch(server)]}>
      {/* No Suspense boundary: it would send its fallback first and the server after it. */}
      <ServerDetail id={id} />
    </Prefetch>
  );
}
