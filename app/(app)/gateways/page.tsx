import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PageHeader } from "@/components/app/page-header";
import { GatewayList } from "@/components/gateways/gateway-list";
import { NewGatewayButton } from "@/components/gateways/new-gateway-button";
import { currentUser } from "@/lib/auth/current-user";
import { dashboardPrefetch } from "@/lib/dashboard/prefetch";
import { gatewayListPrefetch } from "@/lib/gateways/prefetch";
import { Prefetch } from "@/lib/query/prefetch";

export const metadata: Metadata = { title: "Gateways" };

export default async function Page() {
  const user = await currentUser();
  if (!user) redirect("/auth/login");
  return (
    <>
      <PageHeader
        title="Gateways"
        description="One MCP endpoint for your agents: the servers you choose, their tools named apart, and nothing the scanner flags."
        actions={<NewGatewayButton />}
      />
      {/* No Suspense boundary: it would send its fallback first and the list after it. */}
      <Prefetch queries={[gatewayListPrefetch(user.uid), dashboardPrefetch(user)]}>
        <GatewayList />
      </Prefetch>
    </>
  );
}
