import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PageHeader } from "@/components/app/page-header";
import { WorkbenchView } from "@/components/workbench/workbench-view";
import { currentUser } from "@/lib/auth/current-user";
import { Prefetch, searchParamsOf, type PageSearchParams } from "@/lib/query/prefetch";
import { workbenchPrefetch } from "@/lib/workbench/prefetch";

export const metadata: Metadata = { title: "Workbench" };

export default async function Page({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const user = await currentUser();
  if (!user) redirect("/auth/login");
  const queries = await workbenchPrefetch(user.uid, searchParamsOf(await searchParams).get("server"));
  return (
    <>
      <PageHeader title="Workbench" description="Call tools, read resources and fill prompts of your servers, from the console." />
      {/* No Suspense boundary: it would send its fallback first and the workbench after it. */}
      <Prefetch queries={queries}>
        <WorkbenchView />
      </Prefetch>
    </>
  );
}
