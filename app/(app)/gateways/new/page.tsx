import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PageHeader } from "@/components/app/page-header";
import { NewGateway } from "@/components/gateways/new-gateway";
import { currentUser } from "@/lib/auth/current-user";
import { Prefetch } from "@/lib/query/prefetch";
import { serverListPrefetch } from "@/lib/servers/prefetch";

export const metadata: Metadata = { title: "New gateway" };

export default async function Page() {
  const user = await currentUser();
  if (!user) redirect("/auth/login");
  return (
    <>
      <PageHeader
        title="New gateway"
        description="Choose the servers your agents may use through one endpoint, and what the gateway keeps from them."
      />
      {/* The servers to choose from. */}
      <Prefetch queries={[serverListPrefetch(user.uid, {})]}>
        <NewGateway />
      </Prefetch>
    </>
  );
}
