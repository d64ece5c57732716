import type { Metadata } from "next";
import { Suspense } from "react";
import { PageHeader } from "@/components/app/page-header";
import { AddServerButton } from "@/components/servers/add-server-button";
import { ExportServersLink, ImportServersDialog } from "@/components/servers/import-servers-dialog";
import { ServerList } from "@/components/servers/server-list";
import { Spinner } from "@/components/ui/spinner";

export const metadata: Metadata = { title: "Servers" };

export default function Page() {
  return (
    <>
      <PageHeader
        title="Servers"
        description="The MCP servers you have registered."
        actions={
          <>
            <ImportServersDialog />
            <ExportServersLink />
            <AddServerButton />
          </>
        }
      />
      {/* The list reads its filters from the URL, which is known only at request time. */}
      <Suspense fallback={<Spinner aria-label="Loading servers" />}>
        <ServerList />
      </Suspense>
    </>
  );
}
