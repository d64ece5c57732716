import type { Metadata } from "next";
import { PageHeader } from "@/components/app/page-header";
import { DashboardView } from "@/components/dashboard/dashboard-view";

export const metadata: Metadata = { title: "Dashboard" };

export default function Page() {
  return (
    <>
      <PageHeader title="Dashboard" description="Your fleet of MCP servers at a glance." />
      <DashboardView />
    </>
  );
}
