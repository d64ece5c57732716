import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { GatewayDetail } from "@/components/gateways/gateway-detail";
import { currentUser } from "@/lib/auth/current-user";
import { gatewayPrefetch, gatewayViewPrefetch } from "@/lib/gateways/prefetch";
import type { GatewayDto } from "@/lib/gateways/schema";
import { getGateway } from "@/lib/gateways/service";
import { isUuid } from "@/lib/guards";
import { HttpError } from "@/lib/http/errors";
import { Prefetch, type PageSearchParams } from "@/lib/query/prefetch";

export const metadata: Metadata = { title: "Gateway" };

export default async function GatewayPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<PageSearchParams> }) {
  const { id } = await params;
  // Gateway ids are UUIDs: anything else cannot exist, and gets a real 404 at once.
  if (!isUuid(id)) notFound();
  // Another user's gateway, or one deleted since, is not found either (see the server page).
  const user = await currentUser();
  if (!user) notFound();
  let gateway: GatewayDto;
  try {
    gateway = await getGateway(user.uid, id);
  } catch (err) {
    if (err instanceof HttpError && err.status === 404) notFound();
    throw err;
  }
  // The first tab, what the agent sees, arrives with its data; the other tabs load their own.
  const { tab } = await searchParams;
  const first = tab === undefined || tab === "agent";
  return (
    <Prefetch queries={[gatewayPrefetch(gateway), ...(first ? [gatewayViewPrefetch(user.uid, id)] : [])]}>
      <GatewayDetail id={id} />
    </Prefetch>
  );
}
