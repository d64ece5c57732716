import type { Metadata } from "next";
import { GatewayDetail } from "@/components/gateways/gateway-detail";
import { ownedOrNotFound } from "@/lib/auth/owned-page";
import { gatewayPrefetch, gatewayViewPrefetch } from "@/lib/gateways/prefetch";
import { getGateway } from "@/lib/gateways/service";
import { Prefetch, type PageSearchParams } from "@/lib/query/prefetch";

export const metadata: Metadata = { title: "Gateway" };

export default async function GatewayPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<PageSearchParams> }) {
  const { id } = await params;
  const { user, owned: gateway } = await ownedOrNotFound(id, getGateway);
  // The first tab, what the agent sees, arrives with its data; the other tabs load their own.
  const { tab } = await searchParams;
  const first = tab === undefined || tab === "agent";
  return (
    <Prefetch queries={[gatewayPrefetch(gateway), ...(first ? [gatewayViewPrefetch(user.uid, id)] : [])]}>
      <GatewayDetail id={id} />
    </Prefetch>
  );
}
