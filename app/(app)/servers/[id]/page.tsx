import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { ServerDetail } from "@/components/servers/server-detail";
import { Spinner } from "@/components/ui/spinner";
import { currentUser } from "@/lib/auth/current-user";
import { isUuid } from "@/lib/guards";
import { HttpError } from "@/lib/http/errors";
import { assertOwnsServer } from "@/lib/servers/service";

export const metadata: Metadata = { title: "Server" };

export default async function ServerPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // Server ids are UUIDs: anything else cannot exist, and gets a real 404 at once.
  if (!isUuid(id)) notFound();
  // Another user's server, or one deleted since, is not found either. No
  // loading boundary lies above this page (the console's loading spinners sit
  // in the pages that wait for data), so nothing has streamed yet and the
  // answer's status is a real 404.
  const user = await currentUser();
  if (!user) notFound();
  try {
    await assertOwnsServer(user.uid, id);
  } catch (err) {
    if (err instanceof HttpError && err.status === 404) notFound();
    throw err;
  }
  return (
    // The page reads its tab from the URL (?tab=), known only at request time.
    <Suspense fallback={<Spinner aria-label="Loading the server" />}>
      <ServerDetail id={id} />
    </Suspense>
  );
}
