import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { ServerDetail } from "@/components/servers/server-detail";
import { Spinner } from "@/components/ui/spinner";

export const metadata: Metadata = { title: "Server" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function ServerPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // Server ids are UUIDs: anything else cannot exist, and gets a real 404 at once.
  if (!UUID.test(id)) notFound();
  return (
    // The page reads its tab from the URL (?tab=), known only at request time.
    <Suspense fallback={<Spinner aria-label="Loading the server" />}>
      <ServerDetail id={id} />
    </Suspense>
  );
}
