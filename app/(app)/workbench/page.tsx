import type { Metadata } from "next";
import { Suspense } from "react";
import { PageHeader } from "@/components/app/page-header";
import { WorkbenchView } from "@/components/workbench-page/workbench-view";
import { Spinner } from "@/components/ui/spinner";

export const metadata: Metadata = { title: "Workbench" };

export default function Page() {
  return (
    <>
      <PageHeader title="Workbench" description="Call tools, read resources and fill prompts of your servers, from the console." />
      {/* The chosen server is in the URL, which is known only at request time. */}
      <Suspense fallback={<Spinner aria-label="Loading the workbench" />}>
        <WorkbenchView />
      </Suspense>
    </>
  );
}
