import type { Metadata } from "next";
import { Plus } from "lucide-react";
import Link from "next/link";
import { Suspense } from "react";
import { PageHeader } from "@/components/app/page-header";
import { ServerList } from "@/components/servers/server-list";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

export const metadata: Metadata = { title: "Servers" };

export default function Page() {
  return (
    <>
      <PageHeader
        title="Servers"
        description="The MCP servers you have registered."
        actions={
          <Button asChild>
            <Link href="/servers/new">
              <Plus aria-hidden="true" />
              Add server
            </Link>
          </Button>
        }
      />
      {/* The list reads its filters from the URL, which is known only at request time. */}
      <Suspense fallback={<Spinner aria-label="Loading servers" />}>
        <ServerList />
      </Suspense>
    </>
  );
}
