import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Suspense } from "react";
import { PageHeader } from "@/components/app/page-header";
import { SupportView } from "@/components/support/support-view";
import { Skeleton } from "@/components/ui/skeleton";
import { ownedServerOptions } from "@/lib/activity/servers";
import { currentUser } from "@/lib/auth/current-user";
import { mailEnabled } from "@/lib/mail/service";

export const metadata: Metadata = { title: "Support" };

export default async function Page() {
  const user = await currentUser();
  if (!user) redirect("/auth/login");
  const servers = await ownedServerOptions(user.uid);
  return (
    <>
      <PageHeader title="Support" description="Ask the MCP Console team anything: questions, problems, plans." />
      <Suspense fallback={<Skeleton className="h-64 w-full" />}>
        <SupportView servers={servers} mailEnabled={mailEnabled()} />
      </Suspense>
    </>
  );
}
