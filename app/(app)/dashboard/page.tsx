import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PageHeader } from "@/components/app/page-header";
import { DashboardView } from "@/components/dashboard/dashboard-view";
import { currentUser } from "@/lib/auth/current-user";
import { Prefetch } from "@/lib/query/prefetch";
import { dashboardPrefetch } from "@/lib/dashboard/prefetch";

export const metadata: Metadata = { title: "Dashboard" };

export default async function Page() {
  const user = await currentUser();
  if (!user) redirect("/auth/login");
  return (
    <>
      <PageHeader title="Dashboard" description="Your fleet of MCP servers at a glance." />
      <Prefetch queries={[dashboardPrefetch(user)]}>
        <DashboardView />
      </Prefetch>
    </>
  );
}
