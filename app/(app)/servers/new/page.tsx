import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PageHeader } from "@/components/app/page-header";
import { NewServer } from "@/components/servers/new-server";
import { currentUser } from "@/lib/auth/current-user";
import { dashboardPrefetch } from "@/lib/dashboard/prefetch";
import { Prefetch } from "@/lib/query/prefetch";

export const metadata: Metadata = { title: "Add a server" };

export default async function Page() {
  const user = await currentUser();
  if (!user) redirect("/auth/login");
  return (
    <>
      <PageHeader
        title="Add a server"
        description="Register a remote MCP server by its URL, or an npm package the console runs as a command in its sandbox. Test the connection first to see what it offers."
      />
      {/* The plan's usage: at its limit the page says so instead of opening the form. */}
      <Prefetch queries={[dashboardPrefetch(user)]}>
        <NewServer />
      </Prefetch>
    </>
  );
}
